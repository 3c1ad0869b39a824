// Render slots and a bounded wait list (issue 15: "two such requests held both render slots so an
// ordinary resize waited 85 s"; decision 026). At most `slots` renders run at once; at most `waiting`
// more wait their turn; beyond that a render is refused at once (the route answers 503 with
// Retry-After) instead of queueing without end. A waiting job whose every requester has left is taken
// off the list, so it never starts.

export class RenderQueueFullError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super("Too many images are being made right now. Try again in a few seconds.");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class RenderCancelledError extends Error {}

interface Waiter {
  start: () => void;
  cancel: () => void;
}

export interface RenderQueueOptions {
  /** renders at the same time */
  slots: number;
  /** renders waiting for a slot before new ones are refused */
  waiting: number;
  /** what Retry-After says when full */
  retryAfterSeconds?: number;
}

export function createRenderQueue({ slots, waiting, retryAfterSeconds = 5 }: RenderQueueOptions) {
  let running = 0;
  const queue: Waiter[] = [];

  /** A finished render hands its slot straight to the next waiter (no newcomer can slip in between). */
  function release() {
    const next = queue.shift();
    if (next) next.start();
    else running--;
  }

  return {
    /**
     * Runs `task` in a slot: now, after the renders ahead of it, or not at all (RenderQueueFullError when
     * the wait list is full; RenderCancelledError when `signal` aborts before it started).
     */
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) throw new RenderCancelledError("cancelled before it started");
      if (running < slots) {
        running++;
      } else {
        if (queue.length >= waiting) throw new RenderQueueFullError(retryAfterSeconds);
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = {
            start: () => {
              signal?.removeEventListener("abort", onAbort);
              resolve();
            },
            cancel: () => reject(new RenderCancelledError("cancelled while waiting")),
          };
          const onAbort = () => {
            const i = queue.indexOf(waiter);
            if (i >= 0) queue.splice(i, 1);
            waiter.cancel();
          };
          signal?.addEventListener("abort", onAbort, { once: true });
          queue.push(waiter);
        });
      }
      try {
        return await task();
      } finally {
        release();
      }
    },

    /** Renders running and waiting now (for tests and logs). */
    stats() {
      return { running, waiting: queue.length };
    },
  };
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;
