// What every form action answers (conventions §20: one form pattern). The outcome with its message and
// what the page shows of it, or the problems: one about the whole form, one per field, and what was
// typed (never a password) so the form comes back filled in. Plain types and helpers, no zod and nothing
// of the server: the browser imports this too.

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type ActionSuccess<V = Record<string, never>> = {
  ok: true;
  /** which of the page's forms answered ("faqs.save", "remove"...): a page with several forms shows it beside the right one */
  intent?: string;
  /** the sentence the page shows (the spec's success message where it quotes one) */
  message: string;
  values: V;
};

export type ActionFailure<F extends string = string, V = Record<string, string>> = {
  ok: false;
  /** which of the page's forms answered (see ActionSuccess) */
  intent?: string;
  /** a problem of the whole form (too many attempts, wrong credentials...), shown above the fields */
  formError?: string;
  fieldErrors: FieldErrors<F>;
  values: V;
  /** fields the form-level error is about (wrong credentials: both), marked invalid without a message */
  invalidFields?: F[];
  /** what kind of refusal, when the page shows it differently (a domain error code, "badLink"...) */
  code?: string;
};

export type ActionResult<F extends string = string, V = Record<string, string>, S = Record<string, never>> =
  ActionSuccess<S> | ActionFailure<F, V>;

/** Per-field messages from zod issues (the first one per field, in the order of `fields`). */
export function fieldErrorsOf<F extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = fields.find((f) => f === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** The sentence a result says: a success's message, else the failure's form-level error or its first field error. */
export function messageOf<F extends string, V, S>(result: ActionResult<F, V, S>): string {
  if (result.ok) return result.message;
  return result.formError ?? Object.values<string | undefined>(result.fieldErrors).find(Boolean) ?? "";
}

/**
 * The one code of a refusal that asks for the password again (the server's DomainError code, the same
 * on the API): the page shows StepUpPrompt (app/components/admin/step-up-prompt.tsx) for it.
 */
export const STEP_UP_CODE = "step_up_required";

/**
 * The one confirmation convention (decision 069): a delete posted without `confirmed=yes` (no JavaScript)
 * answers a success tagged `<noun>.confirm` whose message is the question and whose values are what the
 * confirmed post carries. A form tagged `coupon.delete` (or just `refund`) asks as `coupon.confirm`.
 */
export function confirmIntentOf(intent: string): string {
  return `${intent.split(".")[0]}.confirm`;
}

/** The question an answer asks before the form tagged `intent` goes through, if it is one. */
export function confirmationOf<S>(answer: unknown, intent: string): ActionSuccess<S> | undefined {
  const a = answer as Partial<ActionSuccess<S>> | null | undefined;
  return a?.ok === true && a.intent === confirmIntentOf(intent) ? (a as ActionSuccess<S>) : undefined;
}
