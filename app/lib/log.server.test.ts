// React Router's handleError (app/entry.server.tsx → logPageError): an unexpected page error is one
// JSON line with its stack as a field (issue 29), not a multi-line trace; an aborted request is not logged.
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/lib/logger.ts";
import { handleError } from "../entry.server.tsx";
import { appContext, type AppContext } from "./context.ts";
import { logPageError } from "./log.server.ts";

function contextWith(lines: string[]) {
  const context = new RouterContextProvider();
  context.set(appContext, { logger: createLogger("info", (line) => lines.push(line)) } as unknown as AppContext);
  return context;
}

describe("handleError", () => {
  it("logs an action's error as one JSON line: the page, the message and the stack as fields", () => {
    const lines: string[] = [];
    const request = new Request("http://localhost/coupon-table?edit=1", { method: "POST" });
    handleError(new Error("connection reset"), { request, context: contextWith(lines), params: {} });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "error",
      msg: "page request failed",
      method: "POST",
      path: "/coupon-table",
      error: "connection reset",
    });
    expect(line.stack).toMatch(/^\s+at /);
  });

  it("an aborted request is not logged; without a request context the line goes to stderr", () => {
    const lines: string[] = [];
    const controller = new AbortController();
    controller.abort();
    const aborted = new Request("http://localhost/", { signal: controller.signal });
    logPageError(new Error("gone"), { request: aborted, context: contextWith(lines) });
    expect(lines).toHaveLength(0);

    const written = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    logPageError(new Error("no context"), {
      request: new Request("http://localhost/x"),
      context: new RouterContextProvider(),
    });
    expect(written).toHaveBeenCalledOnce();
    const text = String(written.mock.calls[0]![0]);
    expect(text.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(text)).toMatchObject({ error: "no context", path: "/x" });
    written.mockRestore();
  });
});
