// Dates, in one place for pages and e-mails (issue 16): the academy's clock is Lagos (West Africa Time,
// UTC+1 all year, the same day boundary as the dashboard's "today"), and ages are words ("3 hours ago").
// Loaders and mail builders call these on the server, so the server's and the browser's ICU data can
// never disagree during hydration; no zod and no server code here, so pages may import it too.

const LAGOS = "Africa/Lagos";

/** Lagos's offset from UTC as ISO 8601 writes it: West Africa Time, UTC+1 all year. */
export const LAGOS_UTC_OFFSET = "+01:00";

// Built on first use, not when the module loads: pages that only need `relativeTime` (every post card and
// comment) would otherwise pay for three Lagos-time formatters while starting (31 ms on /blog on the
// bench's machine before the 4x of a mid-range phone; decision 048).
let dateTime: Intl.DateTimeFormat | undefined;
let date: Intl.DateTimeFormat | undefined;
let long: Intl.DateTimeFormat | undefined;
let day: Intl.DateTimeFormat | undefined;

/** "3 Mar 2026, 14:05" in Lagos time (the back office's lists). */
export function formatLagosDateTime(value: Date | string): string {
  dateTime ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: LAGOS,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return dateTime.format(new Date(value));
}

/** "3 Mar 2026" in Lagos time (post dates, "paid on"). */
export function formatLagosDate(value: Date | string): string {
  date ??= new Intl.DateTimeFormat("en-GB", { timeZone: LAGOS, day: "numeric", month: "short", year: "numeric" });
  return date.format(new Date(value));
}

/** "29 November 2026" in Lagos time: a certificate's date (its PDF, its page, its e-mail). */
export function formatLagosDay(value: Date | string): string {
  day ??= new Intl.DateTimeFormat("en-GB", { timeZone: LAGOS, day: "numeric", month: "long", year: "numeric" });
  return day.format(new Date(value));
}

/**
 * "Saturday 14 March 2026, 4:00 pm WAT": the form the showcase's own `time` text takes, used by the
 * ticket, streaming-link and receipt e-mails and by /account for an event's start.
 */
export function formatLagosLong(value: Date | string): string {
  long ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: LAGOS,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
  const part = Object.fromEntries(long.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod?.toLowerCase()} WAT`;
}

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

// Calendar days in Lagos, as date inputs send them ("2026-03-03"): the back office filters by day
// (the audit log's from/to, issue 16). Lagos keeps UTC+1 all year (no daylight saving: decision 007),
// so a day there runs from 23:00 UTC the evening before to 23:00 UTC that evening.

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The start of the Lagos day `now` falls in: the academy's day (the dashboard's "today"), whatever the
 * server's time zone.
 */
export function startOfLagosDay(now: Date = new Date()): Date {
  return new Date(Math.floor((now.getTime() + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS - LAGOS_OFFSET_MS);
}

/** The instant a Lagos calendar day ("YYYY-MM-DD") starts; null for anything that is not a real day. */
export function lagosDayStart(day: string): Date | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  // 2026-02-30 would roll over to March: not a day anyone meant
  if (
    year < 1970 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== date
  ) {
    return null;
  }
  return new Date(utc - LAGOS_OFFSET_MS);
}

/** The instant after a Lagos calendar day ends (the next day's start): `to` filters include the whole day. */
export function lagosDayEnd(day: string): Date | null {
  const start = lagosDayStart(day);
  return start ? new Date(start.getTime() + DAY_MS) : null;
}

/** The Lagos calendar day ("YYYY-MM-DD") of an instant. */
export function lagosDayOf(value: Date | string): string {
  return new Date(new Date(value).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant of a Lagos wall-clock time as a `datetime-local` input gives it ("2030-03-14T16:00"), or
 * null for anything that is not a real date and time (issue 18: an event's start, typed in Lagos time).
 */
export function lagosLocalToDate(local: string): Date | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const day = lagosDayStart(`${match[1]}-${match[2]}-${match[3]}`);
  const [hour, minute] = [Number(match[4]), Number(match[5])];
  if (!day || hour > 23 || minute > 59) return null;
  return new Date(day.getTime() + (hour * 60 + minute) * 60_000);
}

/**
 * "2026-03-03 14:05": an instant in Lagos time as the CSV exports write it (issue 29), the day as the
 * figures' exports write theirs (lagosDayOf), then the time; a spreadsheet reads it as a date and time.
 */
export function formatLagosCsv(value: Date | string): string {
  return dateToLagosLocal(value).replace("T", " ");
}

/** The Lagos wall-clock time of an instant, as a `datetime-local` input shows it ("2030-03-14T16:00"). */
export function dateToLagosLocal(value: Date | string): string {
  return new Date(new Date(value).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}
