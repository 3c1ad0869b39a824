import type { Lesson } from "../../../contract/learning/learning.ts";
import { formatLagosLong } from "../../../contract/lib/dates.ts";
import { liveTimes } from "../../../contract/learning/live.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** The .ics of a live class (the calendar route of the learning API). */
export const calendarPath = (lessonId: string) => `/backend/api/lessons/${encodeURIComponent(lessonId)}/calendar.ics`;

/**
 * A live class (issue 31): when it is, in Lagos time (the academy's clock; the server's words, the same
 * without JavaScript) and, once the page runs in the browser, in the learner's own zone; Add to calendar;
 * and the join link, which the API gives only to enrolled learners from 15 minutes before the start.
 */
export function LiveClass({ lesson, live }: { lesson: Pick<Lesson, "_id">; live: NonNullable<Lesson["live"]> }) {
  const hydrated = useHydrated();
  // (the learner's own zone is known only in the browser; none when it keeps Lagos's clock)
  const mine = hydrated ? liveTimes(live.startsAt, Intl.DateTimeFormat().resolvedOptions().timeZone).local : null;
  return (
    <section aria-labelledby="live-class" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="live-class" className="text-lg font-bold text-brand-950">
        Live class
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-600">Starts</dt>
        <dd className="text-slate-900">
          <time dateTime={live.startsAt}>{formatLagosLong(live.startsAt)}</time> (Lagos)
        </dd>
        {mine ? (
          <>
            <dt className="text-slate-600">Your time</dt>
            <dd className="text-slate-900" data-testid="live-local-time">
              {mine}
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">Length</dt>
        <dd className="text-slate-900">{live.minutes} min</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {live.joinUrl ? (
          <a href={live.joinUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
            Join the class
          </a>
        ) : null}
        <a href={calendarPath(lesson._id)} download className={buttonClass("secondary")}>
          <Icon name="calendar" className="size-4" />
          Add to calendar
        </a>
      </div>
      {live.joinUrl ? null : (
        <p className="mt-3 text-sm text-slate-700">
          The link to join shows here from {formatLagosLong(live.joinOpensAt)} (15 minutes before the start).
        </p>
      )}
    </section>
  );
}
