// The zod schemas of a declared admin resource (contract/admin/admin-resource.ts; decision 029): the input of
// a create or an update, an item as the API answers it, a move. The server parses with them; the admin
// screen loads this file only when a form is first used, so no admin page pays for zod up front.
import { z } from "zod";
import { describeIssues } from "../lib/common.ts";
import {
  HTTPS_MESSAGE,
  isAdminUrl,
  isHttpsUrl,
  linesOf,
  URL_MESSAGE,
  type ResourceField,
  type ResourceSpec,
} from "./admin-resource.ts";
import { lagosLocalToDate } from "../lib/dates.ts";

/** A checkbox posts "on" (or our "yes") when ticked and nothing when not: "yes" or "". */
const checkboxSchema = z
  .unknown()
  .optional()
  .transform((v) => (v === true || (typeof v === "string" && ["yes", "on", "true"].includes(v.trim())) ? "yes" : ""));

/** Control characters other than tab and line breaks: never part of a text an admin meant to type. */
// eslint-disable-next-line no-control-regex
const STRAY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Any C0/C1 control character (tab, line break, NUL...): not in a one-line field. */
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** "Title is required" / "Title must be at most 200 characters" (or the spec's messages). */
function fieldSchema(field: ResourceField, required: string | undefined) {
  if (field.kind === "checkbox") return checkboxSchema;
  const own = field.messages ?? {};
  const missing = own.required ?? required ?? `${field.label} is required`;
  const control = field.oneLine ? ANY_CONTROL : STRAY_CONTROL;
  let text = z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? field.required
            ? missing
            : `${field.label} must be text`
          : `${field.label} must be text`,
    })
    .trim()
    .max(field.max, own.tooLong ?? `${field.label} must be at most ${field.max} characters`)
    .refine((v) => !control.test(v), own.control ?? `${field.label} must not contain control characters`);
  if (field.required) text = text.refine((v) => v.length > 0, missing);
  if (field.kind === "link" && field.httpsOnly) {
    text = text.refine((v) => v.length === 0 || isHttpsUrl(v), HTTPS_MESSAGE(field.label));
  } else if (field.kind === "image" || field.kind === "video" || field.kind === "link") {
    text = text.refine((v) => v.length === 0 || isAdminUrl(v), URL_MESSAGE(field.label));
  }
  if (field.kind === "datetime") {
    text = text.refine(
      (v) => v.length === 0 || lagosLocalToDate(v) !== null,
      `${field.label} must be a date and time (Lagos time)`,
    );
  }
  if (field.kind === "images") {
    const most = field.maxItems ?? 20;
    text = text
      .refine(
        (v) => linesOf(v).every(isAdminUrl),
        `${field.label}: each line must be a web address (https://…) or a path on this site (/…)`,
      )
      .refine((v) => linesOf(v).length <= most, `${field.label}: at most ${most}`);
    // one address a line, blank lines dropped: the list as it is saved
    const lines = text.transform((v) => linesOf(v).join("\n"));
    return field.required ? lines : lines.optional().default("");
  }
  return field.required ? text : text.optional().default("");
}

/** The input of a create or an update: every declared field, trimmed and checked; other keys are ignored. */
export function resourceInputSchema<N extends string>(spec: ResourceSpec<N>) {
  const shape = Object.fromEntries(spec.fields.map((f) => [f.name, fieldSchema(f, spec.texts.required)]));
  return z.object(shape as unknown as Record<N, z.ZodType<string>>);
}

/** An item as the API answers it: `_id` and every declared field (spec admin §3). */
export function resourceItemSchema<N extends string>(spec: ResourceSpec<N>) {
  const shape = Object.fromEntries(spec.fields.map((f) => [f.name, z.string()]));
  return z.object({ _id: z.string(), ...(shape as Record<N, z.ZodString>) });
}

/**
 * The one sentence a refused input gets (the API's 422 and the form's notice): the spec's single
 * message when a required field is missing (admin §5 'All fields are required'), else each problem.
 */
export function describeResourceIssues(
  spec: Pick<ResourceSpec, "texts">,
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): string {
  const required = spec.texts.required;
  if (required && issues.some((i) => i.message === required)) return required;
  return describeIssues(issues);
}

export const MoveSchema = z.object({
  direction: z.enum(["up", "down"], { error: 'direction must be "up" or "down"' }),
});

export const DeletedSchema = z.object({ message: z.string(), _id: z.string() });
