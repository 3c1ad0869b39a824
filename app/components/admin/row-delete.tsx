// The admin kit's delete of one row of a list that is not a declared resource (decision 037): the row's
// Delete button (ConfirmAction: the dialog with JavaScript) and, above the list, what the action
// answered: the question without JavaScript (ConfirmOnPage) or the refusal. The action half is
// app/lib/row-delete.server.ts.
import { ConfirmAction, ConfirmOnPage } from "../ui/confirm-dialog.tsx";
import { useToast } from "../ui/toast.tsx";
import { rowDeleteAnswer } from "../../lib/row-delete.ts";

/** A row's Delete: posts intent=delete with the row's id and label after the question. */
export function RowDelete({
  id,
  label,
  question,
  accessibleLabel,
}: {
  id: string;
  /** what the question and the messages call the row (an e-mail address) */
  label: string;
  question: string;
  /** the button's full name, 'Delete the subscriber ada@example.com' */
  accessibleLabel: string;
}) {
  return (
    <ConfirmAction
      fields={{ intent: "delete", id, label }}
      label="Delete"
      accessibleLabel={accessibleLabel}
      question={question}
    />
  );
}

/** Above the list: the question asked on the page (no JavaScript), or the refusal of a delete. */
export function RowDeleteAnswer({ answer, cancelTo }: { answer: unknown; cancelTo: string }) {
  const mine = rowDeleteAnswer(answer);
  const failure = mine && !mine.ok ? mine : undefined;
  useToast(failure, failure?.formError, "error");
  if (mine?.ok) {
    return (
      <ConfirmOnPage
        question={mine.message}
        fields={{ intent: "delete", id: mine.values.id, label: mine.values.label }}
        cancelTo={cancelTo}
      />
    );
  }
  if (failure) {
    return (
      <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900">
        {failure.formError}
      </p>
    );
  }
  return null;
}
