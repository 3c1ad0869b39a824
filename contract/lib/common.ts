// Shared zod pieces (conventions §4). Plain zod: usable by the server and, where light enough, the web.
import { z } from "zod";

export const IdSchema = z.string().regex(/^[0-9a-f]{24}$/, "Must be a 24-character id");

/** The error callback of a required text field: "X is required" when absent, "X must be text" otherwise. */
export function textError(label: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;
}

export const EMAIL_MAX = 254;

export const EmailSchema = z
  .string({ error: textError("Email") })
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((v) => v.toLowerCase());

/**
 * RFC 2047 encoded-word syntax (`=?utf-8?q?…?=`, `=?UTF-8?B?…?=`): mail apps decode it in a subject, so a
 * typed `=?utf-8?q?=0D=0ABcc:…?=` would show as a line break and a "Bcc:" (issue 29). Subjects refuse it.
 */
export const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?[^?]*\?=/i;
export const hasEncodedWord = (text: string) => ENCODED_WORD.test(text);

export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

/** The message of the top-level object check of a request body. */
export const BODY_NOT_OBJECT = "The request body must be a JSON object";

/** A strict object's error: a field it does not know is named (a typo says which), anything else is no object. */
export const bodyObjectError = (issue: { code?: string; keys?: readonly string[] }) =>
  issue.code === "unrecognized_keys" && issue.keys?.length
    ? `Unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}`
    : BODY_NOT_OBJECT;

/**
 * One readable sentence from validation issues, for the 422 `{ error: { message } }` and for forms.
 * Our schema messages already name their field ("Email is required"); a message that does not
 * (a zod default) gets the field's path in front of it.
 */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const lines = issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    const last = String(issue.path.at(-1) ?? "").toLowerCase();
    // "Full Name is required" names fullName already: no "fullName: " in front of it
    const named = issue.message
      .toLowerCase()
      .replace(/[\s_-]/g, "")
      .includes(last.replace(/[\s_-]/g, ""));
    return field && !named ? `${field}: ${issue.message}` : issue.message;
  });
  return [...new Set(lines)].join("; ") || "The request is not valid.";
}
