// The request id of the work in hand (issue 20 "Operable", decision 040): set by the request logger for a
// request, and by the queue for a job queued during one, so every log line of both says which request it
// came from (server/lib/logger.ts adds it).
import { AsyncLocalStorage } from "node:async_hooks";

const context = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` with `requestId` as the current request id (none: runs it as it is). */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? context.run({ requestId }, fn) : fn();
}

/** The request id of the request or job being handled, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
