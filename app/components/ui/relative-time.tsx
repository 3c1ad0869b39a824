import { useSyncExternalStore } from "react";
import { relativeTime } from "../../../contract/lib/dates.ts";

/** How often shown ages are brought up to date in the browser. */
const TICK_MS = 60_000;

// The browser's clock as a store: read once, then once a minute while an age is on the page.
let clock = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    clock = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function browserClock(): number {
  if (clock === 0) clock = Date.now();
  return clock;
}

/**
 * "3 hours ago" (spec public-area §2 "Post list", comments). The server prints it against `now`, the
 * clock the page was rendered with, and hydration prints the same words; then the browser's own clock
 * takes over and keeps it current, so a page served from the rendered-page cache (decision 044), made
 * a while ago, never shows a stale age.
 */
export function RelativeTime({ date, now, className }: { date: string; now: string; className?: string }) {
  const current = useSyncExternalStore<string | number>(subscribe, browserClock, () => now);
  return (
    <time dateTime={date} className={className}>
      {relativeTime(date, current)}
    </time>
  );
}
