// The one form kit (conventions §20: one form pattern; issue 7 "Forms, one kit"). Every form of the site
// is built from these parts: a labelled field with its hint and error tied together by aria-describedby
// and aria-invalid, a notice about the whole form in a live region, an error summary, a submit button
// with its pending state, and the hooks that move focus to the problems and name the fields. A page form
// is a plain POST without JavaScript and React Router's <Form> with it; its action answers an
// ActionResult (app/lib/action-result.ts), built with app/lib/forms.server.ts.
import { useEffect, useId, useRef, useState, type ComponentProps, type RefObject } from "react";
import { Form, useNavigation } from "react-router";
import { fieldErrorsOf, type FieldErrors } from "../../lib/action-result.ts";
import { Notice } from "./notice.tsx";

// ---------------------------------------------------------------------------------------------------
// Notices

// (the notice is a module of its own, ./notice.tsx: a page that shows one without a form loads only it)
export { Notice, type NoticeTone } from "./notice.tsx";

/** "Please check the form": every field error as a link to its field (keyboard users jump straight there). */
export function ErrorSummary({ id, errors }: { id: string; errors: Array<{ fieldId: string; message: string }> }) {
  if (errors.length === 0) return null;
  return (
    <Notice tone="error" id={id} title="Please check the form.">
      <ul className="list-disc space-y-1 pl-5">
        {errors.map((e) => (
          <li key={e.fieldId}>
            <a href={`#${e.fieldId}`} className="underline underline-offset-2">
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </Notice>
  );
}

// ---------------------------------------------------------------------------------------------------
// The page form

/**
 * A form posted to its route's action: a POST that React Router enhances (a plain one without
 * JavaScript), with the error about the whole form first. `describedByError` also names that error as
 * the form's description. `fallback` shows in the error's place when there is none (an error summary).
 */
export function PageForm({
  formRef,
  error,
  errorId,
  describedByError = false,
  fallback,
  children,
  className = "space-y-5",
  ...form
}: {
  formRef: RefObject<HTMLFormElement | null>;
  error?: string;
  errorId: string;
  describedByError?: boolean;
  fallback?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
} & Omit<ComponentProps<typeof Form>, "ref" | "method" | "replace" | "className" | "children">) {
  return (
    <Form
      ref={formRef}
      method="post"
      replace
      className={className}
      aria-describedby={describedByError && error ? errorId : undefined}
      {...form}
    >
      {error ? (
        <Notice tone="error" id={errorId}>
          {error}
        </Notice>
      ) : (
        fallback
      )}
      {children}
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------------
// Fields

/**
 * How a field looks where it stands: `page` on the account and contact pages, `dense` in the ticket
 * modal (the same with tighter spacing), `modal` in the enrol modal and the newsletter pop-up.
 */
export type FieldLook = "page" | "dense" | "modal";

const looks: Record<FieldLook, { label: string; control: string; valid: string; note: string }> = {
  page: {
    label: "block font-semibold text-slate-900",
    control:
      "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-700",
    valid: "border-slate-400",
    note: "mt-1.5 text-sm",
  },
  dense: {
    label: "block font-semibold",
    control:
      "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-700",
    valid: "border-slate-400",
    note: "mt-1 text-sm",
  },
  modal: {
    label: "block text-sm font-medium text-slate-800",
    control:
      "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none",
    valid: "border-slate-300",
    note: "mt-1 text-sm",
  },
};

/** The classes of a control (input, select, textarea) in a look, valid or not. */
export function controlClass(look: FieldLook = "page", invalid = false, extra = ""): string {
  const l = looks[look];
  return `${l.control} ${invalid ? "border-red-700" : l.valid} ${extra}`.trim();
}

/** What a control needs from its field: its id, whether it is invalid and what describes it. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldFrame {
  id: string;
  label: string;
  /** "(optional)" after the label */
  optional?: boolean;
  /** a red asterisk after the label (the form says what it means) */
  requiredMark?: boolean;
  hint?: React.ReactNode;
  error?: string;
  /** another element that describes the field (a form-level error about it) */
  extraDescribedBy?: string;
  /** invalid without an error of its own (the form-level error concerns it) */
  invalid?: boolean;
  /** shown on the label's line, at the right (e.g. "Forgot your password?") */
  after?: React.ReactNode;
  look?: FieldLook;
  /** the error replaces the hint instead of following it */
  hintHiddenOnError?: boolean;
  /** the error is an alert of its own (a form checked in the browser only, with no notice above it) */
  announceError?: boolean;
  /** screen readers hear "Error:" before the message (off where the spec quotes the message alone) */
  errorPrefix?: boolean;
}

/**
 * A field's label, hint and error around any control: `children` gets the control's id and aria
 * attributes. The fields below use it; a control of its own shape (a quantity with − and + buttons)
 * too.
 */
export function FieldShell({
  id,
  label,
  optional,
  requiredMark,
  hint,
  error,
  extraDescribedBy,
  invalid: markedInvalid,
  after,
  look = "page",
  hintHiddenOnError = false,
  announceError = false,
  errorPrefix = true,
  children,
}: FieldFrame & { children: (control: ControlProps & { invalid: boolean }) => React.ReactNode }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showHint = !!hint && !(hintHiddenOnError && error);
  const describedBy =
    [showHint ? hintId : null, error ? errorId : null, extraDescribedBy ?? null].filter(Boolean).join(" ") || undefined;
  const invalid = !!error || !!markedInvalid;
  const l = looks[look];
  const labelEl = (
    <label htmlFor={id} className={l.label}>
      {label}
      {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      {requiredMark ? (
        <>
          {" "}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </>
      ) : null}
    </label>
  );
  return (
    <div>
      {after ? (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          {labelEl}
          {after}
        </div>
      ) : (
        labelEl
      )}
      {children({ id, "aria-invalid": invalid || undefined, "aria-describedby": describedBy, invalid })}
      <FieldNotes
        id={id}
        hint={showHint ? hint : undefined}
        error={error}
        look={look}
        announceError={announceError}
        errorPrefix={errorPrefix}
      />
    </div>
  );
}

/** A field's hint and error under its control, with the ids its aria-describedby names. */
function FieldNotes({
  id,
  hint,
  error,
  look,
  announceError,
  errorPrefix,
  className = "",
}: {
  id: string;
  hint?: React.ReactNode;
  error?: string;
  look: FieldLook;
  announceError: boolean;
  errorPrefix: boolean;
  className?: string;
}) {
  const l = looks[look];
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={`${l.note} ${className} text-slate-600`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          role={announceError ? "alert" : undefined}
          className={`${l.note} ${className} font-semibold text-red-700`}
        >
          {errorPrefix ? <span className="sr-only">Error: </span> : null}
          {error}
        </p>
      ) : null}
    </>
  );
}

type InputAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "aria-invalid" | "aria-describedby">;

/** A labelled input with an optional hint and its error, tied together with aria-describedby. */
export function Field({
  inputRef,
  ...props
}: FieldFrame & InputAttributes & { name: string; inputRef?: RefObject<HTMLInputElement | null> }) {
  const { frame, rest } = splitFrame(props);
  return (
    <FieldShell {...frame}>
      {({ invalid, ...control }) => (
        <input ref={inputRef} {...control} className={controlClass(frame.look, invalid)} {...rest} />
      )}
    </FieldShell>
  );
}

/** A labelled file input (a picture at sign-up...). */
export function FileField(props: FieldFrame & Omit<InputAttributes, "type"> & { name: string }) {
  const { frame, rest } = splitFrame(props);
  return (
    <FieldShell {...frame}>
      {({ invalid, ...control }) => (
        <input
          type="file"
          {...control}
          className={controlClass(
            frame.look,
            invalid,
            "px-2 py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800",
          )}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

/** A labelled select of fixed options. */
export function SelectField({
  options,
  ...props
}: FieldFrame &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "aria-invalid" | "aria-describedby"> & {
    name: string;
    options: ReadonlyArray<string | { value: string; label: string }>;
  }) {
  const { frame, rest } = splitFrame(props);
  return (
    <FieldShell {...frame}>
      {({ invalid, ...control }) => (
        <select {...control} className={controlClass(frame.look, invalid)} {...rest}>
          {options.map((o) => {
            const { value, label } = typeof o === "string" ? { value: o, label: o } : o;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    </FieldShell>
  );
}

/** A labelled textarea. */
export function TextareaField({
  textareaRef,
  ...props
}: FieldFrame &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "aria-invalid" | "aria-describedby"> & {
    name: string;
    textareaRef?: RefObject<HTMLTextAreaElement | null>;
  }) {
  const { frame, rest } = splitFrame(props);
  return (
    <FieldShell {...frame}>
      {({ invalid, ...control }) => (
        <textarea ref={textareaRef} {...control} className={controlClass(frame.look, invalid, "resize-y")} {...rest} />
      )}
    </FieldShell>
  );
}

/**
 * A labelled number typed as text (a price, a rating): the phone shows its number keyboard, and what
 * was typed reaches the action as it is, so the contract's schema reads it ("150,000" too) and says
 * what is wrong with it (an `<input type="number">` would drop or round what it cannot read).
 */
export function NumberField({
  decimals = true,
  ...props
}: FieldFrame &
  Omit<InputAttributes, "type" | "inputMode"> & {
    name: string;
    /** false: whole numbers only (the numeric keyboard without a decimal point) */
    decimals?: boolean;
  }) {
  return (
    <Field type="text" inputMode={decimals ? "decimal" : "numeric"} autoComplete="off" spellCheck={false} {...props} />
  );
}

/**
 * A textarea of one item a line (a course's features): `value` fills it, a list one item a line or the
 * text as it was typed; the contract's schema splits it again.
 */
export function LinesField({
  value,
  ...props
}: FieldFrame &
  Omit<
    React.TextareaHTMLAttributes<HTMLTextAreaElement>,
    "id" | "aria-invalid" | "aria-describedby" | "value" | "defaultValue"
  > & {
    name: string;
    value: string | readonly string[];
  }) {
  const text = typeof value === "string" ? value : value.join("\n");
  const count = text.split("\n").length;
  return <TextareaField rows={Math.min(10, Math.max(4, count + 1))} defaultValue={text} {...props} />;
}

/** A checkbox with its label beside it, its hint and its error below (a choice that is on or off). */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  look = "page",
  ...input
}: Pick<FieldFrame, "id" | "label" | "hint" | "error" | "look"> & Omit<InputAttributes, "type"> & { name: string }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`mt-0.5 size-5 shrink-0 rounded accent-brand-700 ${error ? "outline-2 outline-red-700" : ""}`}
          {...input}
        />
        <label htmlFor={id} className={looks[look].label}>
          {label}
        </label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} look={look} announceError={false} errorPrefix className="ml-8" />
    </div>
  );
}

/** A labelled search box, for a GET form that filters a list (the admin lists). */
export function SearchField({
  id,
  label,
  className = "min-w-0 flex-1 basis-60",
  ...input
}: Omit<InputAttributes, "type"> & { id: string; name: string; label: string; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="mt-1.5 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-700"
        {...input}
      />
    </div>
  );
}

const frameKeys = [
  "id",
  "label",
  "optional",
  "requiredMark",
  "hint",
  "error",
  "extraDescribedBy",
  "invalid",
  "after",
  "look",
  "hintHiddenOnError",
  "announceError",
  "errorPrefix",
] as const;

/** A field's frame props apart from what goes onto its control. */
function splitFrame<P extends FieldFrame>(props: P): { frame: FieldFrame; rest: Omit<P, keyof FieldFrame> } {
  const frame: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...(props as unknown as Record<string, unknown>) };
  for (const key of frameKeys) {
    if (key in rest) {
      frame[key] = rest[key];
      delete rest[key];
    }
  }
  return { frame: frame as unknown as FieldFrame, rest: rest as Omit<P, keyof FieldFrame> };
}

// ---------------------------------------------------------------------------------------------------
// Submitting

/** The form's submit button; while the request is under way it says so and ignores more clicks. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "w-full",
  spinner = true,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** width and extras (the contact form's is full width on phones only) */
  className?: string;
  spinner?: boolean;
}) {
  return (
    <button
      type="submit"
      aria-disabled={pending || undefined}
      onClick={(e) => {
        if (pending) e.preventDefault();
      }}
      className={`inline-flex min-h-12 ${className} items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-80`}
    >
      {pending && spinner ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
        />
      ) : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * True from the moment a form posts to `path` until the page it leads to has loaded (the redirect
 * after a successful sign-in included), so the button keeps saying so and a second click is ignored.
 */
export function isPendingFor(navigation: ReturnType<typeof useNavigation>, path: string): boolean {
  if (navigation.state === "idle" || !navigation.formMethod) return false;
  return navigation.formMethod.toUpperCase() === "POST" && navigation.formAction?.split("?")[0] === path;
}

// ---------------------------------------------------------------------------------------------------
// Focus and ids

/**
 * After a submit answered with problems, focus goes to the first invalid field (its label and error
 * are read with it), or to the form-level message when no field is at fault.
 */
export function useFocusOnProblems(formRef: RefObject<HTMLFormElement | null>, result: unknown, messageId?: string) {
  useEffect(() => {
    if (!result) return;
    const form = formRef.current;
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (messageId) document.getElementById(messageId)?.focus();
  }, [formRef, result, messageId]);
}

/**
 * How many times a post of `intent` from this page has succeeded (the action sent the page on, so no
 * `failure` came back). Put it in the form's key: the form starts blank after its own success, as after a
 * page load without JavaScript, and stays as typed when the page's data changes for any other reason
 * (another admin's coupon makes the list longer while this one is typed).
 */
export function useSuccessCount(intent: string, failure: unknown): number {
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  // state adjusted while rendering (React's pattern for "state from a change of props"): no effect
  const [seen, setSeen] = useState({ posting: false, count: 0 });
  if (posting && !seen.posting) setSeen({ posting: true, count: seen.count });
  else if (!posting && seen.posting && navigation.state === "idle")
    setSeen({ posting: false, count: failure ? seen.count : seen.count + 1 });
  return seen.count;
}

/** Stable ids for a form's fields: `${prefix}-${name}`. */
export function useFieldIds<F extends string>(fields: readonly F[]): Record<F, string> {
  const prefix = useId().replace(/:/g, "");
  return Object.fromEntries(fields.map((f) => [f, `${prefix}-${f}`])) as Record<F, string>;
}

// ---------------------------------------------------------------------------------------------------
// The contract's schema in the browser

/** What the browser needs of a zod schema (so this module does not import zod). */
export interface SchemaLike {
  safeParse(
    input: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/**
 * The contract's own schema checks the form in the browser before it is sent, with the server's
 * messages (one home for each rule: contract/). zod is loaded only when the visitor first focuses the
 * form (a dynamic import), so no page pays for it up front; until it has loaded, and without
 * JavaScript, the form simply posts and the server says the same. Spread `formProps` on the form; show
 * `errors` (per field, or null) before the action's, for the answer `answer` they were found after.
 */
export function useContractCheck<F extends string>({
  load,
  fields,
  answer,
  input = (form) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")),
}: {
  load: () => Promise<SchemaLike>;
  fields: readonly F[];
  /** the action's latest answer: a new one replaces what the browser found */
  answer: unknown;
  input?: (form: FormData) => unknown;
}) {
  const schema = useRef<SchemaLike | null>(null);
  const loading = useRef(false);
  const [found, setFound] = useState<{ answer: unknown; errors: FieldErrors<F> } | null>(null);
  const errors = found && found.answer === answer ? found.errors : null;

  const warm = () => {
    if (schema.current || loading.current) return;
    loading.current = true;
    load().then(
      (s) => {
        schema.current = s;
      },
      () => {
        // offline or a failed chunk: the server checks the form anyway
        loading.current = false;
      },
    );
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const s = schema.current;
    if (!s) return;
    const result = s.safeParse(input(new FormData(event.currentTarget)));
    if (result.success) {
      setFound(null);
      return;
    }
    const fieldErrors = fieldErrorsOf(result.error.issues, fields);
    // Only what a field can show stops the post; anything else the server says.
    if (Object.keys(fieldErrors).length === 0) return;
    event.preventDefault();
    setFound({ answer, errors: fieldErrors });
  };

  return { errors, formProps: { onFocus: warm, onSubmit } };
}
