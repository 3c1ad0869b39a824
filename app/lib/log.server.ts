// The pages' log (issue 29): the server's JSON-lines logger from the request context, and React Router's
// handleError (app/entry.server.tsx) writing an unexpected loader, action or render error as one line
// with its stack as a field, not React Router's default multi-line console.error.
import { createLogger, type Logger } from "../../server/lib/logger.ts";
import { appContext, type AppContext } from "./context.ts";

/** Where there is no request context (a test, a context made elsewhere): error lines on stderr. */
const fallback = createLogger("error", (line) => process.stderr.write(line + "\n"));

export function pageLogger(ctx: Pick<AppContext, "logger"> | null | undefined): Logger {
  return ctx?.logger ?? fallback;
}

type Context = { get: (key: typeof appContext) => AppContext } | unknown;

/** handleError's work: one JSON line for an error a loader, an action or a render threw. */
export function logPageError(error: unknown, { request, context }: { request: Request; context: Context }): void {
  // a visitor who went away (the request aborted) is no failure of ours
  if (request.signal.aborted) return;
  let ctx: AppContext | null = null;
  try {
    ctx = (context as { get: (key: typeof appContext) => AppContext }).get(appContext);
  } catch {
    ctx = null;
  }
  const url = new URL(request.url);
  pageLogger(ctx).error("page request failed", { method: request.method, path: url.pathname, error });
}
