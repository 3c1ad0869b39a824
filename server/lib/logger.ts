// Structured JSON logs, one line per event, with the request id when there is one.
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
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
      write(JSON.stringify({ level: lvl, time: new Date().toISOString(), msg, ...fields }));
    };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

export const silentLogger = createLogger("silent");
