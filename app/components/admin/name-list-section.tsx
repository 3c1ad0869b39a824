// A list of names added and removed in a section of another screen (issue 30; contract/admin/admin-resource.ts
// NameListSpec: the course manager's categories): the add form (`{key}.add`, a plain POST form the
// contract's schema checks in the browser once loaded; it keeps what was typed while the list changes and
// empties after its own success) beside the list with a Remove after its question (`{key}.remove`). An
// item the service would refuse is said here before anything is sent.
import { useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import type { NameListSpec } from "../../../contract/admin/admin-resource.ts";
import { confirmationOf, type ActionResult } from "../../lib/action-result.ts";
import { ConfirmAction, ConfirmOnPage, useLocalRefusal } from "../ui/confirm-dialog.tsx";
import { FlashNotice } from "../ui/flash-message.tsx";
import {
  Field,
  Notice,
  PageForm,
  SubmitButton,
  useContractCheck,
  useFocusOnProblems,
  useSuccessCount,
} from "../ui/form.tsx";
import { toast, useToast } from "../ui/toast.tsx";
import { DataTable, type Column } from "./data-table.tsx";

type Answer = ActionResult<string, Partial<Record<string, string>>, unknown>;

export function NameListSection<T extends { _id: string; name: string }>({
  spec,
  rows,
  actionData,
}: {
  spec: NameListSpec<T>;
  rows: readonly T[];
  actionData: Answer | undefined;
}) {
  const { key, texts: t } = spec;
  const [add, remove] = [`${key}.add`, `${key}.remove`];
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const answer = actionData?.intent?.startsWith(`${key}.`) ? actionData : undefined;
  const addFailure = answer && !answer.ok && answer.intent === add ? answer : undefined;
  const removeFailure = answer && !answer.ok && answer.intent === remove ? answer : undefined;
  const confirming = confirmationOf<{ id: string }>(answer, remove);
  // a Remove the server would refuse (issue 29): said here before anything is sent, in the server's
  // words, until the next answer or page
  const [refusedHere, sayRefusal] = useLocalRefusal(actionData);
  const removeError = removeFailure?.formError ?? refusedHere;
  const check = useContractCheck({ load: spec.check, fields: ["name"] as const, answer: actionData });
  const nameError = check.errors?.name ?? addFailure?.fieldErrors.name;
  useFocusOnProblems(formRef, check.errors ?? addFailure);
  const added = useSuccessCount(add, addFailure);
  useToast(addFailure ?? removeFailure, addFailure?.fieldErrors.name ?? removeFailure?.formError, "error");
  const posting = (intent: string, name?: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (name === undefined || navigation.formData?.get("name") === name);
  const columns: ReadonlyArray<Column<T>> = [
    {
      key: "name",
      header: t.nameHeader,
      rowHeader: true,
      cell: (row) => <span className="font-semibold break-words text-slate-900">{row.name}</span>,
    },
    ...spec.columns.map((c) => ({ key: c.key, header: c.header, alignEnd: true, cell: c.text })),
  ];

  return (
    <section id={spec.id} aria-labelledby={`${spec.id}-title`} className="mt-12 scroll-mt-20">
      <FlashNotice at={spec.id} />
      <h2 id={`${spec.id}-title`} className="text-xl font-extrabold tracking-tight text-brand-950">
        {spec.title}
      </h2>
      <p className="mt-1 text-slate-600">{spec.lead}</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <PageForm
          key={`${added}:${addFailure ? "failed" : "fresh"}`}
          formRef={formRef}
          errorId={spec.errorId}
          className="space-y-4"
          aria-label={spec.formLabel}
          noValidate
          {...check.formProps}
        >
          <input type="hidden" name="intent" value={add} />
          <Field
            id={spec.field.id}
            name="name"
            label={spec.field.label}
            error={nameError}
            defaultValue={addFailure?.values.name ?? ""}
            maxLength={spec.field.max}
            autoComplete="off"
            errorPrefix={false}
          />
          <SubmitButton pending={posting(add)} label={t.add} pendingLabel="Adding…" className="w-full sm:w-auto" />
        </PageForm>
        <div>
          <h3 id={spec.list.id} className="sr-only">
            {spec.list.title}
          </h3>
          {removeError ? (
            <Notice tone="error" className="mt-2 rounded-lg border px-4 py-3">
              {removeError}
            </Notice>
          ) : null}
          {confirming ? (
            <ConfirmOnPage
              question={confirming.message}
              fields={{ intent: remove, name: confirming.values.id }}
              confirmLabel={t.remove}
              cancelTo={`${pathname}${search}`}
            />
          ) : null}
          <DataTable
            labelledBy={spec.list.id}
            columns={columns}
            rows={rows}
            rowKey={(row) => row._id}
            empty={t.empty}
            actionsHeader="Actions"
            actions={(row) => {
              const refused = spec.refused?.(row);
              return (
                <ConfirmAction
                  fields={{ intent: remove, name: row.name }}
                  label={t.remove}
                  accessibleLabel={`${t.remove} ${row.name}`}
                  question={t.confirmRemove(row.name)}
                  busy={posting(remove, row.name)}
                  refused={
                    refused
                      ? {
                          note: refused.note,
                          onRefused: () => {
                            sayRefusal(t.removeFailed + refused.message);
                            void toast(t.removeFailed + refused.message, "error");
                          },
                        }
                      : undefined
                  }
                />
              );
            }}
          />
        </div>
      </div>
    </section>
  );
}
