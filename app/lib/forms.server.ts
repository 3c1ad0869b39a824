// The one way a page action reads its form (conventions §20: one form pattern). It reads a form
// (urlencoded or multipart) or a JSON object, refuses NUL characters, parses with the contract's zod
// schema (the same one the browser checks with) and gives either the data or an ActionFailure. Page
// actions read and answer through the one action kernel on top of it (app/lib/action.server.ts). A
// body that is no form at all (a text body, an empty one, a broken multipart: request.formData() throws
// on those) answers 400 instead of the 500 fuzzing found (issue 7 "Bad input never gets a 500").
import { data } from "react-router";
import type { z } from "zod";
import { describeIssues } from "../../contract/lib/common.ts";
import { FORM_MESSAGES, hasNul } from "../../contract/lib/forms.ts";
import type { ActionFailure } from "./action-result.ts";
import { fieldErrorsOf } from "./action-result.ts";
import { STATUS_TEXT, toPageError, type PageErrorData } from "./page-errors.server.ts";

/** A submitted body: its text fields (a JSON body's values as they came) and its files. */
export interface FormBody {
  fields: Record<string, unknown>;
  files: Record<string, File>;
}

function unreadable(): never {
  const body: PageErrorData = { code: "invalid", message: FORM_MESSAGES.unreadable };
  throw data(body, { status: 400, statusText: STATUS_TEXT[400] });
}

/**
 * The body of a form post: a form (the first value of each name; empty file inputs left out) or a JSON
 * object. Anything else throws React Router's `data(..., { status: 400 })`.
 */
export async function readFormBody(request: Request): Promise<FormBody> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) {
    let parsed: unknown;
    try {
      parsed = await request.json();
    } catch {
      unreadable();
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) unreadable();
    return { fields: { ...(parsed as Record<string, unknown>) }, files: {} };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    unreadable();
  }
  const body: FormBody = { fields: {}, files: {} };
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      if (!(name in body.fields)) body.fields[name] = value;
    } else if (value.size > 0 && !(name in body.files)) {
      body.files[name] = value;
    }
  }
  return body;
}

/** The name of the first field holding a NUL character (in a string, or a string inside an array). */
export function nulField(fields: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(fields)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((t) => typeof t === "string" && hasNul(t))) return name;
  }
  return null;
}

export interface FormSpec<F extends string, S extends z.ZodType> {
  /** the contract's schema of this form */
  schema: S;
  /** the fields the page shows, in its order: their problems come back beside them */
  fields: readonly F[];
  /** how each field is called on the page, for the messages the helper writes itself (NUL) */
  labels: Record<F, string>;
  /** the fields whose typed text comes back to the form (never a password) */
  keep?: readonly F[];
  /** the form-level message also sums up the field problems (the contact form shows one) */
  summary?: boolean;
  /** the schema's input from the body, when it is not the fields as they came */
  input?: (fields: Record<string, unknown>) => unknown;
}

export type FormValues<F extends string> = Partial<Record<F, string>>;

export type ParsedForm<F extends string, S extends z.ZodType> =
  | { ok: true; data: z.output<S>; values: FormValues<F>; files: Record<string, File>; fields: Record<string, unknown> }
  | {
      ok: false;
      failure: ActionFailure<F, FormValues<F>>;
      files: Record<string, File>;
      fields: Record<string, unknown>;
    };

/** What was typed into the kept fields, as text (NUL characters taken out: they go back into the page). */
function valuesOf<F extends string>(fields: Record<string, unknown>, keep: readonly F[]): FormValues<F> {
  const values: FormValues<F> = {};
  for (const name of keep) {
    const value = fields[name];
    if (typeof value === "string") values[name] = value.replaceAll("\0", "");
  }
  return values;
}

/** A failure from zod-like issues: per-field messages, and the summary when the form shows one. */
export function failureFromIssues<F extends string, V>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  fields: readonly F[],
  values: V,
  summary = false,
): ActionFailure<F, V> {
  const fieldErrors = fieldErrorsOf(issues, fields);
  const unplaced = issues.filter((i) => !fields.some((f) => f === i.path[0]));
  // A problem no field shows (the body is not an object, a hidden field...) is said above the form.
  const formError = summary || unplaced.length > 0 ? describeIssues(summary ? issues : unplaced) : undefined;
  return { ok: false, ...(formError ? { formError } : {}), fieldErrors, values };
}

/** Read, screen and parse a form post with the contract's schema. Throws a 400 for a body that is no form. */
export async function parseForm<F extends string, S extends z.ZodType>(
  request: Request,
  spec: FormSpec<F, S>,
): Promise<ParsedForm<F, S>> {
  return parseBody(await readFormBody(request), spec);
}

/** parseForm on a body already read (an action that reads a field first to pick its form). */
export function parseBody<F extends string, S extends z.ZodType>(
  { fields, files }: FormBody,
  spec: FormSpec<F, S>,
): ParsedForm<F, S> {
  const values = valuesOf(fields, spec.keep ?? []);
  const nul = nulField(fields);
  if (nul !== null) {
    const shown = spec.fields.find((f) => f === nul);
    const failure: ActionFailure<F, FormValues<F>> = shown
      ? failureFromIssues(
          [{ path: [nul], message: FORM_MESSAGES.nul(spec.labels[shown]) }],
          spec.fields,
          values,
          spec.summary,
        )
      : { ok: false, formError: FORM_MESSAGES.nulForm, fieldErrors: {}, values };
    return { ok: false, failure, files, fields };
  }
  const parsed = spec.schema.safeParse(spec.input ? spec.input(fields) : fields);
  if (!parsed.success) {
    return {
      ok: false,
      failure: failureFromIssues(parsed.error.issues, spec.fields, values, spec.summary),
      files,
      fields,
    };
  }
  return { ok: true, data: parsed.data, values, files, fields };
}

/**
 * A domain error thrown by a service (or already turned into a page error by pageServices) as the form's
 * failure, shown above the fields with the input kept. Anything else is rethrown: a bug stays a 500.
 */
export function failureFromError<F extends string, V>(error: unknown, values: V): ActionFailure<F, V> {
  const refused = toPageError(error);
  if (!refused) throw error;
  return { ok: false, formError: refused.message, fieldErrors: {}, values, code: refused.code };
}
