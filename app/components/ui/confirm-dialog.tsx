import { useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { buttonClass } from "./button.tsx";
import { Modal } from "./modal.tsx";

/**
 * "Are you sure?" on the site's Modal: a dialog named by its question, focus on Cancel (the safe
 * answer) and back on the opener when it closes; Escape and the backdrop cancel.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  /** the question, e.g. the spec's 'Are you sure you want to delete this coupon?' */
  title: string;
  /** what follows from it, when the question alone does not say */
  message?: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <Modal labelledBy={`${id}-title`} describedBy={message ? `${id}-message` : undefined} onClose={onCancel}>
      {/* text-left: opened from a right-aligned actions cell, it must not inherit that */}
      <div className="p-6 text-left">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {message && (
          <p id={`${id}-message`} className="mt-2 text-slate-700">
            {message}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" data-autofocus onClick={onCancel} className={buttonClass("ghost", "md")}>
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            className={buttonClass("primary", "md", "bg-red-700 hover:bg-red-800")}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * A row action that posts only after a confirmation (a delete): a plain POST form with the given
 * fields whose button, with JavaScript, first opens ConfirmDialog. Without JavaScript the button posts
 * at once, so an action that must never run unconfirmed checks `confirmed=yes` on the server (this
 * form sends it only after the dialog). An action the server will refuse (`refused`: a category in use)
 * is shown muted, described by a note that says why; a click calls `onRefused` and sends nothing, and
 * without JavaScript it posts, unconfirmed, and the action answers the refusal. It is neither disabled
 * nor aria-disabled: it must stay a button that can be pressed to hear why (browser automation, like
 * some users' tools, does not press an aria-disabled button; decision 064).
 */
export function ConfirmAction({
  fields,
  label,
  accessibleLabel,
  question,
  message,
  confirmLabel = label,
  action,
  busy = false,
  refused,
}: {
  /** hidden fields of the POST, e.g. { intent: "delete", id } */
  fields: Record<string, string>;
  /** the button's text, e.g. "Delete" */
  label: string;
  /** the button's full name for screen readers, e.g. "Delete coupon SAVE10" */
  accessibleLabel?: string;
  question: string;
  message?: React.ReactNode;
  confirmLabel?: string;
  /** the action's address; the current route's when absent */
  action?: string;
  busy?: boolean;
  /** the server refuses it for this item: `note` says why beside the button, a click calls `onRefused` */
  refused?: { note: string; onRefused: () => void };
}) {
  const [asking, setAsking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmedRef = useRef<HTMLInputElement>(null);
  const noteId = useId();
  return (
    <Form
      method="post"
      action={action}
      ref={formRef}
      className={refused ? "flex flex-col items-start gap-1 md:items-end" : undefined}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input ref={confirmedRef} type="hidden" name="confirmed" value="" />
      <button
        type="submit"
        aria-label={accessibleLabel}
        aria-disabled={busy || undefined}
        aria-describedby={refused ? noteId : undefined}
        onClick={(event) => {
          event.preventDefault();
          if (refused) refused.onRefused();
          else if (!busy) setAsking(true);
        }}
        className={buttonClass(
          "ghost",
          "sm",
          refused
            ? "cursor-not-allowed border border-dashed border-slate-400 text-slate-500!"
            : "border border-red-300 text-red-800 hover:bg-red-50",
        )}
      >
        {busy ? "Working…" : label}
      </button>
      {refused ? (
        <span id={noteId} className="max-w-36 text-xs text-slate-600 md:text-right">
          {refused.note}
        </span>
      ) : null}
      {asking && (
        <ConfirmDialog
          title={question}
          message={message}
          confirmLabel={confirmLabel}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            if (confirmedRef.current) confirmedRef.current.value = "yes";
            formRef.current?.requestSubmit();
          }}
        />
      )}
    </Form>
  );
}

/**
 * Without JavaScript a ConfirmAction posts at once; the action then answers its question and the page
 * shows it here: the same POST with `confirmed=yes`, or Cancel back to `cancelTo`.
 */
export function ConfirmOnPage({
  question,
  fields,
  cancelTo,
  confirmLabel = "Delete",
}: {
  question: string;
  /** the hidden fields of the confirmed POST, e.g. { intent: "delete", id } */
  fields: Record<string, string>;
  cancelTo: string;
  confirmLabel?: string;
}) {
  return (
    <section
      aria-label={`Confirm ${confirmLabel.toLowerCase()}`}
      className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4"
    >
      <p role="alert" className="font-bold text-slate-900">
        {question}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={buttonClass("primary", "md", "bg-red-700 hover:bg-red-800")}>
          {confirmLabel}
        </button>
        <Link to={cancelTo} className={buttonClass("ghost", "md")}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/**
 * A refusal said in the browser before anything is sent (ConfirmAction's `refused`): shown where the
 * server's would be, until the next answer (`answer` changes) or page. Returns it and the setter.
 */
export function useLocalRefusal(answer: unknown): [string | null, (message: string) => void] {
  const { key } = useLocation();
  const [refusal, setRefusal] = useState<{ message: string; answer: unknown; at: string } | null>(null);
  const shown = refusal && refusal.answer === answer && refusal.at === key ? refusal.message : null;
  return [shown, (message) => setRefusal({ message, answer, at: key })];
}
