import { describe, expect, it } from "vitest";
import { createRenderQueue, RenderCancelledError, RenderQueueFullError } from "./render-queue.ts";

/** A task that finishes when `finish` is called, recording when it started. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the render queue", () => {
  it("runs `slots` tasks at once, keeps `waiting` more in order, and refuses the next with Retry-After", async () => {
    const queue = createRenderQueue({ slots: 1, waiting: 1, retryAfterSeconds: 7 });
    const log: string[] = [];
    const a = held(log, "a");
    const b = held(log, "b");
    const first = queue.run(a.task);
    const second = queue.run(b.task);
    await tick();
    expect(log).toEqual(["start a"]);
    expect(queue.stats()).toEqual({ running: 1, waiting: 1 });
    const third = queue.run(async () => "c");
    await expect(third).rejects.toBeInstanceOf(RenderQueueFullError);
    await third.catch((err: RenderQueueFullError) => expect(err.retryAfterSeconds).toBe(7));
    a.finish();
    expect(await first).toBe("a");
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    b.finish();
    expect(await second).toBe("b");
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("hands a freed slot to the waiter, not to a newcomer", async () => {
    const queue = createRenderQueue({ slots: 1, waiting: 5 });
    const log: string[] = [];
    const a = held(log, "a");
    const b = held(log, "b");
    const first = queue.run(a.task);
    const second = queue.run(b.task);
    a.finish();
    await first;
    const late = held(log, "late");
    const third = queue.run(late.task);
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    expect(queue.stats()).toEqual({ running: 1, waiting: 1 });
    b.finish();
    late.finish();
    await Promise.all([second, third]);
    expect(log).toEqual(["start a", "start b", "start late"]);
  });

  it("drops a waiting task whose signal aborts: it never starts and frees its place", async () => {
    const queue = createRenderQueue({ slots: 1, waiting: 1 });
    const log: string[] = [];
    const a = held(log, "a");
    const first = queue.run(a.task);
    const controller = new AbortController();
    const dropped = queue.run(held(log, "dropped").task, controller.signal);
    controller.abort();
    await expect(dropped).rejects.toBeInstanceOf(RenderCancelledError);
    expect(queue.stats()).toEqual({ running: 1, waiting: 0 });
    // its place is free again
    const b = held(log, "b");
    const second = queue.run(b.task);
    a.finish();
    b.finish();
    await Promise.all([first, second]);
    expect(log).toEqual(["start a", "start b"]);
    await expect(queue.run(async () => 1, AbortSignal.abort())).rejects.toBeInstanceOf(RenderCancelledError);
  });

  it("frees the slot when a task fails", async () => {
    const queue = createRenderQueue({ slots: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await queue.run(async () => "next")).toBe("next");
  });
});
