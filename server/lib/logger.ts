// Structured JSON logs, one line per event, with the request id when there is one: the request's, or the
// one a job carries from the request that queued it (server/lib/request-context.ts).
import { safeErrorFields } from "../db/errors.ts";
import { currentRequestId } from "./request-context.ts";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** whether lines of this level are written (a logger without it writes them all) */
  enabled?(level: Level): boolean;
}

/**
 * An Error among the fields is written as its safe fields (name, message without quoted values, the
 * stack frames as one field: `safeErrorFields`), never as `{}` (what JSON.stringify makes of it) nor as a
 * multi-line trace (issue 29).
 */
function withErrors(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Error) Object.assign(out, safeErrorFields(value));
    else out[key] = value;
  }
  return out;
}

export function createLogger(
  level: Level | "silent" = "info",
  write: (line: string) => void = (line) => process.stdout.write(line + "\n"),
): Logger {
  const min = ORDER[level];
  const log =
    (lvl: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[lvl] < min) return;
      const requestId = currentRequestId();
      write(
        JSON.stringify({
          level: lvl,
          time: new Date().toISOString(),
          msg,
          ...(requestId ? { requestId } : {}),
          ...withErrors(fields),
        }),
      );
    };
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    enabled: (lvl) => ORDER[lvl] >= min,
  };
}

export const silentLogger = createLogger("silent");
