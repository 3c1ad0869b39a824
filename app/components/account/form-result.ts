// What the account forms' actions answer (login, register, forgot-password, reset-password): the
// outcome, or the problems per field with what was typed (never a password). Plain types and helpers,
// no zod: the browser bundle stays small (conventions §4 — the schemas run in the actions; the browser
// checks what the HTML attributes can say, with limits from the contract passed through the loaders).

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormFailure<F extends string, V> = {
  ok: false;
  /** a problem of the whole form (too many attempts, wrong credentials...), shown above the fields */
  formError?: string;
  fieldErrors: FieldErrors<F>;
  values: V;
};

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

/** A text field of a submitted form ("" when absent or a file). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
