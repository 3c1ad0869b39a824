// The quiz screen's question form (issue 32, /admin/course/{id}/quiz/{lessonId}): what it sends, as text,
// read into the API's QuestionInput (./quiz.ts) and checked with its rules: the options and the accepted
// answers one a line, the correct options as their numbers ("1, 3"); the fields of the other kind (hidden
// with JavaScript, posted all the same) left out. The page's action parses with it; the browser loads this
// file only when the form is first used.
import { z } from "zod";
import { QuestionInputSchema } from "./quiz.ts";

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** Lines of a textarea: trimmed, blank lines dropped. */
const lines = (v: unknown) =>
  text(v)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** "1, 3" or "1 3" as [1, 3]; what is no number stays for the schema's message. */
const numbers = (v: unknown) =>
  text(v)
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((n) => (/^\d+$/.test(n) ? Number(n) : n));

export const QuestionFormSchema = z.preprocess((value) => {
  const form = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const short = form.kind === "short";
  return {
    kind: form.kind === "" ? undefined : form.kind,
    text: text(form.text),
    ...(short ? { accepted: lines(form.accepted) } : { options: lines(form.options), correct: numbers(form.correct) }),
    explanation: text(form.explanation).trim(),
  };
}, QuestionInputSchema);
export type QuestionForm = z.output<typeof QuestionFormSchema>;
