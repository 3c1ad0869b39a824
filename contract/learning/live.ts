// A live class's times (issue 31): when its join link opens, whether it is upcoming, open or over, and its
// start in Lagos time and in the learner's own zone. Pure, no server code: the lesson page, the API and
// the reminder e-mails all call these, so they agree on the minute.
import { formatLagosLong } from "../lib/dates.ts";
import { LIVE_JOIN_OPENS_MINUTES } from "./learning-texts.ts";

const MINUTE_MS = 60_000;

/** upcoming: before the join link opens; open: from 15 minutes before the start to the end; over: after. */
export type LiveState = "upcoming" | "open" | "over";

/** When the join link shows: LIVE_JOIN_OPENS_MINUTES before the start. */
export function joinOpensAt(startsAt: Date | string): Date {
  return new Date(new Date(startsAt).getTime() - LIVE_JOIN_OPENS_MINUTES * MINUTE_MS);
}

/** When the class ends: its start plus its length in minutes. */
export function liveEndsAt(startsAt: Date | string, minutes: number): Date {
  return new Date(new Date(startsAt).getTime() + minutes * MINUTE_MS);
}

/** Where a class stands at `now`: the join link is given only while it is "open". */
export function liveState(startsAt: Date | string, minutes: number, now: Date | string | number): LiveState {
  const at = new Date(now).getTime();
  if (at < joinOpensAt(startsAt).getTime()) return "upcoming";
  if (at < liveEndsAt(startsAt, minutes).getTime()) return "open";
  return "over";
}

/** A class's length in seconds (course_lessons.duration_seconds) as whole minutes, at least 1. */
export function liveMinutesOf(durationSeconds: number | null | undefined, fallback = 60): number {
  if (!durationSeconds || durationSeconds <= 0) return fallback;
  return Math.max(1, Math.round(durationSeconds / 60));
}

/** "Saturday 14 March 2026, 4:00 pm WAT": the start as the site writes Lagos times (formatLagosLong). */
export const formatLiveLagos = (startsAt: Date | string): string => formatLagosLong(startsAt);

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Whether `timeZone` is one this runtime knows (an IANA name such as "Europe/London"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The start in another zone, written as formatLagosLong writes Lagos times, with the zone's short name:
 * "Saturday 14 March 2026, 3:00 pm GMT". Call it in the browser with the learner's zone
 * (Intl.DateTimeFormat().resolvedOptions().timeZone) after hydration: the server does not know it.
 * An unknown zone gives null.
 */
export function formatInZone(value: Date | string, timeZone: string): string | null {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    if (!isTimeZone(timeZone)) return null;
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      timeZoneName: "short",
    });
    zoneFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod?.toLowerCase()} ${part.timeZoneName}`;
}

/** The minutes a zone is ahead of UTC at an instant (negative west of Greenwich). */
function offsetMinutes(value: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    })
      .formatToParts(value)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return Math.round((wall - Math.floor(value.getTime() / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The start in Lagos and, when the learner's zone shows another clock at that instant, in theirs
 * (`local` null when it is Lagos time anyway, or the zone is unknown): the page shows the second line
 * only when it says something.
 */
export function liveTimes(startsAt: Date | string, timeZone?: string | null): { lagos: string; local: string | null } {
  const at = new Date(startsAt);
  const lagos = formatLiveLagos(at);
  if (!timeZone || !isTimeZone(timeZone)) return { lagos, local: null };
  if (offsetMinutes(at, timeZone) === offsetMinutes(at, "Africa/Lagos")) return { lagos, local: null };
  return { lagos, local: formatInZone(at, timeZone) };
}

/**
 * The lesson page's path, as the reminder e-mails and the calendar file link to it. (The page's route
 * must be this one: app/pages.ts, /learn/:courseId/:lessonId.)
 */
export const lessonPagePath = (courseId: string, lessonId: string) =>
  `/learn/${encodeURIComponent(courseId)}/${encodeURIComponent(lessonId)}`;
