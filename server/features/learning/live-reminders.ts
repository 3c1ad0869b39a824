// The reminders of a live class (issue 31; decision 074): each enrolled learner gets an e-mail 24 hours
// and 1 hour before the start, made as the showcase's streaming links are (tickets.service.ts): a pg-boss
// job per lesson, reminder and start time (kept in the database, so it survives restarts), run at once
// when that point has passed and the class has not started.
//
// Exactly once whatever runs twice: each e-mail is stored under the key
// live:<lesson id>:<address>:<24h|1h>:<start ISO>, and a second one under a key is never stored
// (mailer.queueManyIn, decision 031). The start is in the key, so a class moved to another time sends
// again for the new time, and the job of a start that no longer holds sends nothing. Who is enrolled,
// and whether the lesson is still published, is read when the job runs, not when it is queued: a learner
// refunded meanwhile gets nothing.
import { and, eq, inArray } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { liveMinutesOf, lessonPagePath } from "../../../contract/learning/live.ts";
import { EmailSchema } from "../../../contract/lib/common.ts";
import type { Db } from "../../db/client.ts";
import { courseChapters, courseLessons, courses, payments, user } from "../../db/schema.ts";
import { isId } from "../../lib/id.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer, MailInput } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { HELD_STATUSES } from "../payments/purchases.service.ts";
import { liveClassIcs } from "./live-class.ts";
import { liveReminderMail } from "./live-emails.ts";

export const LIVE_REMINDER_QUEUE = "live-reminder";

const HOUR_MS = 60 * 60_000;
/** The reminders, by how long before the start each goes out. */
export const LIVE_REMINDER_LEADS = { "24h": 24 * HOUR_MS, "1h": HOUR_MS } as const;
export type ReminderSlot = keyof typeof LIVE_REMINDER_LEADS;
export const REMINDER_SLOTS = Object.keys(LIVE_REMINDER_LEADS) as ReminderSlot[];
/** A job this much before its time still sends (the database's clock ahead of ours), as stream links do. */
export const EARLY_TOLERANCE_MS = 15 * 60_000;
/** E-mails stored per transaction: a crash in a big course loses at most one batch, sent again on retry. */
const BATCH = 200;

export interface LiveReminderDeps {
  db: Db;
  mailer: Pick<Mailer, "ready" | "queueManyIn">;
  /** the academy's name and web address (emailBrand(env)): the lesson page's address is built on it */
  brand: EmailBrand;
  /** the clock (tests move it) */
  now?: () => Date;
  logger?: Logger;
}

/** The reminders' deps and the queue (the mailer and brand are the worker's: the jobs send). */
export interface LiveScheduleDeps extends LiveReminderDeps {
  /** pg-boss: the reminder jobs are queued on it */
  boss: PgBoss;
}

/** The key a learner's one reminder of a slot and start is stored under (mail_messages.dedupe_key). */
export const liveReminderKey = (lessonId: string, email: string, slot: ReminderSlot, startsAt: Date) =>
  `live:${lessonId}:${email.toLowerCase()}:${slot}:${startsAt.toISOString()}`;

/** One job per lesson, slot and start waiting at a time: a moved class gets jobs of its own. */
export const liveReminderJobKey = (lessonId: string, slot: ReminderSlot, startsAt: Date) =>
  `${lessonId}:${slot}@${startsAt.toISOString()}`;

export type ReminderTiming =
  /** the class has started (or is over), or the 1-hour reminder is due already (no 24-hour one then) */
  { kind: "none"; reason: "started" | "superseded" } | { kind: "now" } | { kind: "later"; at: Date };

export function reminderTiming(slot: ReminderSlot, startsAt: Date, now: Date): ReminderTiming {
  const start = startsAt.getTime();
  if (now.getTime() >= start) return { kind: "none", reason: "started" };
  // A class announced 3 hours before gets one reminder, not a "24 hours" one and a "1 hour" one at once.
  if (slot === "24h" && now.getTime() >= start - LIVE_REMINDER_LEADS["1h"])
    return { kind: "none", reason: "superseded" };
  const at = start - LIVE_REMINDER_LEADS[slot];
  if (now.getTime() >= at) return { kind: "now" };
  return { kind: "later", at: new Date(at) };
}

async function loadLesson(db: Db, lessonId: string) {
  if (!isId(lessonId)) return undefined;
  const [row] = await db
    .select({
      id: courseLessons.id,
      courseId: courseLessons.courseId,
      title: courseLessons.title,
      kind: courseLessons.kind,
      published: courseLessons.published,
      chapterPublished: courseChapters.published,
      startsAt: courseLessons.liveStartsAt,
      durationSeconds: courseLessons.durationSeconds,
      courseTitle: courses.title,
    })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
    .where(eq(courseLessons.id, lessonId));
  return row;
}

/**
 * A course's learners now: the buyers of its payments still held (paid, or a refund pending or failed),
 * one per address whatever its case, with their name when they paid signed in.
 */
export async function enrolledLearners(
  db: Db,
  courseId: string,
): Promise<Array<{ email: string; name: string | null }>> {
  const rows = await db
    .select({ email: payments.email, name: user.name })
    .from(payments)
    .leftJoin(user, eq(user.id, payments.userId))
    .where(
      and(eq(payments.kind, "course"), eq(payments.itemId, courseId), inArray(payments.status, [...HELD_STATUSES])),
    )
    .orderBy(payments.id);
  const byEmail = new Map<string, { email: string; name: string | null }>();
  for (const row of rows) {
    const parsed = EmailSchema.safeParse(row.email);
    if (!parsed.success) continue;
    const known = byEmail.get(parsed.data);
    if (!known) byEmail.set(parsed.data, { email: parsed.data, name: row.name });
    else known.name ??= row.name;
  }
  return [...byEmail.values()];
}

export type LiveReminderResult =
  | { sent: number; learners: number }
  | {
      sent: 0;
      reason: "unknown lesson" | "draft" | "no start" | "moved" | "started" | "superseded" | "not yet";
    };

/**
 * One reminder of a class to its learners (the job's work, also called at once when its point has
 * passed): stored once per learner, slot and start however often it runs. `startsAt` is the start the
 * job was queued for: when the class has moved since, nothing is sent (the new start's job sends).
 */
export async function sendLiveReminders(
  deps: LiveReminderDeps,
  lessonId: string,
  slot: ReminderSlot,
  startsAt?: string,
): Promise<LiveReminderResult> {
  const now = deps.now?.() ?? new Date();
  const lesson = await loadLesson(deps.db, lessonId);
  if (!lesson || lesson.kind !== "live") return { sent: 0, reason: "unknown lesson" };
  if (!lesson.published || !lesson.chapterPublished) return { sent: 0, reason: "draft" };
  if (!lesson.startsAt) return { sent: 0, reason: "no start" };
  if (startsAt !== undefined && new Date(startsAt).getTime() !== lesson.startsAt.getTime())
    return { sent: 0, reason: "moved" };
  const timing = reminderTiming(slot, lesson.startsAt, now);
  if (timing.kind === "none") return { sent: 0, reason: timing.reason };
  if (timing.kind === "later" && timing.at.getTime() - now.getTime() > EARLY_TOLERANCE_MS)
    return { sent: 0, reason: "not yet" };

  const learners = await enrolledLearners(deps.db, lesson.courseId);
  const minutes = liveMinutesOf(lesson.durationSeconds);
  const lessonUrl = `${deps.brand.url}${lessonPagePath(lesson.courseId, lesson.id)}`;
  const ics = liveClassIcs({
    lessonId: lesson.id,
    title: lesson.title,
    courseTitle: lesson.courseTitle,
    startsAt: lesson.startsAt,
    minutes,
    url: lessonUrl,
    organizerName: deps.brand.name,
    now,
  });
  await deps.mailer.ready();
  let sent = 0;
  for (let i = 0; i < learners.length; i += BATCH) {
    const items: Array<{ input: MailInput; dedupeKey: string }> = [];
    for (const learner of learners.slice(i, i + BATCH)) {
      const input = await liveReminderMail({
        brand: deps.brand,
        to: learner.email,
        name: learner.name,
        lessonTitle: lesson.title,
        courseTitle: lesson.courseTitle,
        startsAt: lesson.startsAt,
        minutes,
        lessonUrl,
        ics,
        now,
      });
      items.push({ input, dedupeKey: liveReminderKey(lesson.id, learner.email, slot, lesson.startsAt) });
    }
    sent += await deps.db.transaction((tx) => deps.mailer.queueManyIn(tx, items));
  }
  if (sent > 0) deps.logger?.info("live class reminders sent", { lessonId, slot, sent });
  return { sent, learners: learners.length };
}

// One job per lesson, slot and start waiting or running at a time; retried with backoff.
const QUEUE_OPTIONS = { policy: "exclusive", retryLimit: 6, retryDelay: 60, retryBackoff: true } as const;
const queuesReady = new WeakMap<PgBoss, Promise<void>>();

function ensureQueue(boss: PgBoss): Promise<void> {
  let ready = queuesReady.get(boss);
  if (!ready) {
    ready = boss.createQueue(LIVE_REMINDER_QUEUE, QUEUE_OPTIONS).catch((error: unknown) => {
      queuesReady.delete(boss);
      throw error;
    });
    queuesReady.set(boss, ready);
  }
  return ready;
}

interface LiveReminderJob {
  lessonId: string;
  slot: ReminderSlot;
  /** the start the job was queued for (ISO) */
  startsAt: string;
}

export type LiveScheduleResult =
  /** a job at the reminder's point; `due`: that point has passed, the job runs at once */
  | { kind: "scheduled"; at: Date; jobId: string | null; due: boolean }
  | { kind: "none"; reason: "unknown lesson" | "draft" | "no start" | "started" | "superseded" };

/**
 * After a live lesson is created or published, or its start changes (call it once that is committed):
 * for each reminder, a job at its point (start − 24 h, start − 1 h), or a job at once when that point
 * has passed and the class has not started (the worker renders the e-mails, not the admin's request).
 * A draft, a lesson without a start or a class under way or over: nothing. Calling it again for the
 * same start queues no second job and sends nobody a second e-mail.
 */
export async function scheduleLiveReminders(
  deps: LiveScheduleDeps,
  lessonId: string,
): Promise<Record<ReminderSlot, LiveScheduleResult>> {
  const now = deps.now?.() ?? new Date();
  const lesson = await loadLesson(deps.db, lessonId);
  const none = (reason: Extract<LiveScheduleResult, { kind: "none" }>["reason"]) =>
    ({ "24h": { kind: "none", reason }, "1h": { kind: "none", reason } }) as const;
  if (!lesson || lesson.kind !== "live") return none("unknown lesson");
  if (!lesson.published || !lesson.chapterPublished) return none("draft");
  if (!lesson.startsAt) return none("no start");
  const startsAt = lesson.startsAt;
  const results = {} as Record<ReminderSlot, LiveScheduleResult>;
  for (const slot of REMINDER_SLOTS) {
    const timing = reminderTiming(slot, startsAt, now);
    if (timing.kind === "none") {
      results[slot] = { kind: "none", reason: timing.reason };
      continue;
    }
    const at = timing.kind === "later" ? timing.at : now;
    await ensureQueue(deps.boss);
    const jobId = await deps.boss.send(
      LIVE_REMINDER_QUEUE,
      { lessonId, slot, startsAt: startsAt.toISOString() } satisfies LiveReminderJob,
      { startAfter: at, singletonKey: liveReminderJobKey(lessonId, slot, startsAt) },
    );
    results[slot] = { kind: "scheduled", at, jobId, due: timing.kind === "now" };
  }
  return results;
}

/** This process's worker on the reminder queue (server/jobs/start-jobs.ts). */
export async function startLiveReminderWorker(boss: PgBoss, deps: LiveReminderDeps): Promise<void> {
  await ensureQueue(boss);
  await boss.work<LiveReminderJob>(LIVE_REMINDER_QUEUE, async ([job]) => {
    if (!job) return;
    const { lessonId, slot, startsAt } = job.data;
    const result = await sendLiveReminders(deps, lessonId, slot, startsAt);
    if ("reason" in result)
      deps.logger?.info("live class reminder not sent", { lessonId, slot, reason: result.reason });
  });
}
