// spec public-area §2 "Post list": each card shows the "relative time since creation (seconds to
// years)"; comments show it too. Pure, so the server and the browser agree when both are given the same
// `now` (the loader's clock: the page's first render and its hydration then print the same words).

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Months and years by days: close enough for "3 months ago" (a calendar is not needed for a rough age). */
const MONTH_DAYS = 30;
const YEAR_DAYS = 365;

function ago(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/**
 * "just now", "5 seconds ago", "1 minute ago", "3 hours ago", "2 days ago", "4 months ago",
 * "2 years ago". A time in the future (clocks a little apart) is "just now"; a date that cannot be read
 * gives "".
 */
export function relativeTime(date: Date | string, now: Date | string | number): string {
  const then = new Date(date).getTime();
  const reference = new Date(now).getTime();
  if (Number.isNaN(then) || Number.isNaN(reference)) return "";
  const seconds = Math.floor((reference - then) / 1000);
  if (seconds < 1) return "just now";
  if (seconds < MINUTE) return ago(seconds, "second");
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), "minute");
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), "hour");
  const days = Math.floor(seconds / DAY);
  if (days < MONTH_DAYS) return ago(days, "day");
  if (days < YEAR_DAYS) return ago(Math.min(Math.floor(days / MONTH_DAYS), 11), "month");
  return ago(Math.floor(days / YEAR_DAYS), "year");
}
