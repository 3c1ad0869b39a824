// The request id of the work in hand (issue 20 "Operable", decision 040): set by the request logger for a
// request, and by the queue for a job queued during one, so every log line of both says which request it
// came from (server/lib/logger.ts adds it).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

const context = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` with `requestId` as the current request id (none: runs it as it is). */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? context.run({ requestId }, fn) : fn();
}

/** The request id of the request or job being handled, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** This process's part of its request ids: 72 random bits, so that two processes' ids never meet. */
const PROCESS_PART = randomBytes(9).toString("base64url");
let counter = 0;

/**
 * A new request id: this process's random part and a counter. Unique, and about 20 times cheaper than a
 * random UUID per request (issue 35: an id per answer was 4 % of a cached page's time); a request id
 * names a request in the logs, it is no secret.
 */
export function newRequestId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${PROCESS_PART}-${counter.toString(36)}`;
}

/** A request id the client sent (X-Request-Id), when it is a sane one to log. */
export function saneRequestId(incoming: string | undefined): string | undefined {
  return incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : undefined;
}
