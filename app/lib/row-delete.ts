// What a row's delete answers (app/lib/row-delete.server.ts), for the page (app/components/admin/row-delete.tsx).
import type { ActionResult } from "./action-result.ts";

export type RowDeleteResult = ActionResult<never, { id: string; label: string }, { id: string; label: string }>;

/** The row delete's answer among a page's answers (its intents are row.confirm and row.delete). */
export function rowDeleteAnswer(answer: unknown): RowDeleteResult | undefined {
  const intent = (answer as { intent?: unknown } | undefined)?.intent;
  return intent === "row.confirm" || intent === "row.delete" ? (answer as RowDeleteResult) : undefined;
}
