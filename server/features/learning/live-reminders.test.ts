// A live class's reminders to enrolled learners, 24 hours and 1 hour before: jobs queued at those points,
// each e-mail stored once per learner, slot and start however often a job runs, nothing for a refunded
// learner, a draft or a class that has started, and again for a moved class. The clock is moved through
// deps.now (no real waits), but for the last test, where the app's own worker runs a job made due.
import ICAL from "ical.js";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessonPagePath } from "../../../contract/learning/live.ts";
import { makeCourse, makeUser } from "../../../tests/support/factories.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { courseChapters, courseLessons, courses, mailMessages, payments, user } from "../../db/schema.ts";
import { newId } from "../../lib/id.ts";
import { silentLogger } from "../../lib/logger.ts";
import {
  LIVE_REMINDER_QUEUE,
  liveReminderKey,
  scheduleLiveReminders,
  sendLiveReminders,
  type LiveScheduleDeps,
} from "./live-reminders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;
/** Saturday 16 March 2030, 4 pm in Lagos. */
const START = new Date("2030-03-16T15:00:00Z");
const JOIN = "https://zoom.us/j/81234500001?pwd=LiveOnly";
const BRAND = { name: "TechAfrica", url: "https://academy.example", postalAddress: null };

function depsAt(now: Date): LiveScheduleDeps {
  return { db: t.db, mailer: t.mailer, boss: t.queue.boss, brand: BRAND, now: () => now, logger: silentLogger };
}

/** A course with a published live lesson of 90 minutes. */
async function liveClass(opts: { startsAt?: Date | null; published?: boolean } = {}) {
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: "Full-Stack Web Development" }))
    .returning();
  const [chapter] = await t.db
    .insert(courseChapters)
    .values({ courseId: course!.id, title: "Week 1", position: 0, published: true })
    .returning();
  const [lesson] = await t.db
    .insert(courseLessons)
    .values({
      courseId: course!.id,
      chapterId: chapter!.id,
      title: "Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀",
      kind: "live",
      position: 0,
      published: opts.published ?? true,
      liveStartsAt: opts.startsAt === undefined ? START : opts.startsAt,
      durationSeconds: 90 * 60,
      liveJoinUrl: JOIN,
    })
    .returning();
  return { course: course!, lesson: lesson! };
}

let n = 0;
/** A buyer of the course: a payment of theirs in `status` (paid unless told). */
async function learner(courseId: string, status = "paid", opts: { email?: string; name?: string } = {}) {
  n += 1;
  const email = opts.email ?? `learner${n}-${newId()}@example.com`;
  let userId: string | null = null;
  if (opts.name) {
    const [u] = await t.db
      .insert(user)
      .values(makeUser({ name: opts.name, email: email.toLowerCase() }))
      .returning();
    userId = u!.id;
  }
  await t.db.insert(payments).values({
    reference: `TA-${newId()}`,
    kind: "course",
    itemId: courseId,
    email,
    userId,
    amount: 3_500_000,
    gateway: "sandbox",
    status,
  });
  return email;
}

async function jobsOf(lessonId: string) {
  const result = await t.db.execute(
    sql`select data, start_after, singleton_key, state from pgboss.job where name = ${LIVE_REMINDER_QUEUE} and singleton_key like ${lessonId + ":%"} order by start_after`,
  );
  return (result as unknown as { rows: Array<{ data: Record<string, string>; start_after: Date | string }> }).rows;
}

/** The reminders stored for a lesson, by recipient, as "<slot>@<start ISO>". */
async function storedFor(lessonId: string) {
  const rows = await t.db
    .select({ to: mailMessages.to, key: mailMessages.dedupeKey })
    .from(mailMessages)
    .where(like(mailMessages.dedupeKey, `live:${lessonId}:%`));
  const by: Record<string, string[]> = {};
  for (const row of rows) {
    const [, , , slot, ...iso] = row.key!.split(":");
    (by[row.to] ??= []).push(`${slot}@${iso.join(":")}`);
  }
  for (const list of Object.values(by)) list.sort();
  return by;
}

const mailsTo = async (email: string) => {
  await t.mailer.drain();
  return readOutbox(t.outboxDir).filter((m) => m.to === email.toLowerCase());
};

describe("live class reminders", () => {
  it("queues a job 24 hours and one 1 hour before; each sends once to each enrolled learner, however often it runs", async () => {
    const { course, lesson } = await liveClass();
    const ngozi = await learner(course.id, "paid", { name: "Ngozi Okafor", email: "Ngozi.Okafor@Example.com" });
    const pending = await learner(course.id, "refund_pending");
    const refunded = await learner(course.id, "refunded");
    const abandoned = await learner(course.id, "abandoned");
    // paid twice (once refunded): one learner, one e-mail
    const twice = await learner(course.id, "refunded");
    await learner(course.id, "paid", { email: twice.toUpperCase() });

    const scheduled = await scheduleLiveReminders(depsAt(new Date(START.getTime() - 72 * HOUR)), lesson.id);
    const at24 = new Date(START.getTime() - 24 * HOUR);
    const at1 = new Date(START.getTime() - HOUR);
    expect(scheduled).toEqual({
      "24h": { kind: "scheduled", at: at24, jobId: expect.any(String), due: false },
      "1h": { kind: "scheduled", at: at1, jobId: expect.any(String), due: false },
    });
    const jobs = await jobsOf(lesson.id);
    expect(jobs.map((j) => [j.data, new Date(j.start_after).toISOString()])).toEqual([
      [{ lessonId: lesson.id, slot: "24h", startsAt: START.toISOString() }, at24.toISOString()],
      [{ lessonId: lesson.id, slot: "1h", startsAt: START.toISOString() }, at1.toISOString()],
    ]);
    expect(await storedFor(lesson.id)).toEqual({});
    // scheduling again queues nothing more
    await scheduleLiveReminders(depsAt(new Date(START.getTime() - 70 * HOUR)), lesson.id);
    expect(await jobsOf(lesson.id)).toHaveLength(2);

    // the jobs' work, each run twice (and once at the same moment)
    const iso = START.toISOString();
    expect(await sendLiveReminders(depsAt(at24), lesson.id, "24h", iso)).toEqual({ sent: 3, learners: 3 });
    expect(await sendLiveReminders(depsAt(new Date(at24.getTime() + 60_000)), lesson.id, "24h", iso)).toEqual({
      sent: 0,
      learners: 3,
    });
    const both = await Promise.all([1, 2].map(() => sendLiveReminders(depsAt(at1), lesson.id, "1h", iso)));
    expect(both.map((r) => ("learners" in r ? r.sent : -1)).sort()).toEqual([0, 3]);

    const expected = [`1h@${iso}`, `24h@${iso}`];
    expect(await storedFor(lesson.id)).toEqual({
      "ngozi.okafor@example.com": expected,
      [pending.toLowerCase()]: expected,
      [twice.toLowerCase()]: expected,
    });
    expect(await mailsTo(refunded)).toEqual([]);
    expect(await mailsTo(abandoned)).toEqual([]);

    const mails = await mailsTo(ngozi);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Starting in 1 hour: Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀",
      "Starting in 24 hours: Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀",
    ]);
    const mail = mails.find((m) => m.subject.startsWith("Starting in 24"))!;
    const page = `${BRAND.url}${lessonPagePath(course.id, lesson.id)}`;
    expect(mail.text).toContain("Hello Ngozi Okafor,");
    expect(mail.text).toContain("Starts: Saturday 16 March 2030, 4:00 pm WAT\n");
    expect(mail.text).toContain("Course: Full-Stack Web Development\n");
    expect(mail.text).toContain(`Open the class: ${page}`);
    expect(mail.html).toContain(`href="${page}"`);
    // the join link only on the page, from 15 minutes before (decision 074)
    expect(mail.text).not.toContain(JOIN);
    expect(mail.html).not.toContain("zoom.us");
    const [ics] = mail.attachments;
    expect(ics).toMatchObject({
      contentType: expect.stringContaining("text/calendar"),
      filename: "ipade-ose-adebayo.ics",
    });
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics!.content.toString("utf8")) as unknown[]).getFirstSubcomponent("vevent")!,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe(iso);
    expect(event.endDate.toJSDate().toISOString()).toBe("2030-03-16T16:30:00.000Z");
    expect(event.summary).toBe("Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀ (Full-Stack Web Development)");
  });

  it("reads enrolment when the job runs: a learner refunded meanwhile gets nothing", async () => {
    const { course, lesson } = await liveClass();
    const kept = await learner(course.id);
    const leaving = await learner(course.id);
    await scheduleLiveReminders(depsAt(new Date(START.getTime() - 72 * HOUR)), lesson.id);
    await t.db.update(payments).set({ status: "refunded" }).where(eq(payments.email, leaving));
    const result = await sendLiveReminders(
      depsAt(new Date(START.getTime() - 24 * HOUR)),
      lesson.id,
      "24h",
      START.toISOString(),
    );
    expect(result).toEqual({ sent: 1, learners: 1 });
    expect(Object.keys(await storedFor(lesson.id))).toEqual([kept]);
    expect(await mailsTo(leaving)).toEqual([]);
  });

  it("a moved class: the old start's jobs send nothing, the new start's send again, once", async () => {
    const { course, lesson } = await liveClass();
    const email = await learner(course.id);
    const old = START.toISOString();
    await scheduleLiveReminders(depsAt(new Date(START.getTime() - 72 * HOUR)), lesson.id);
    expect(await sendLiveReminders(depsAt(new Date(START.getTime() - 24 * HOUR)), lesson.id, "24h", old)).toMatchObject(
      { sent: 1 },
    );

    // moved two days later, 20 hours before the old start
    const moved = new Date(START.getTime() + 48 * HOUR);
    const movedAt = new Date(START.getTime() - 20 * HOUR);
    await t.db.update(courseLessons).set({ liveStartsAt: moved }).where(eq(courseLessons.id, lesson.id));
    const again = await scheduleLiveReminders(depsAt(movedAt), lesson.id);
    expect(again).toEqual({
      "24h": { kind: "scheduled", at: new Date(moved.getTime() - 24 * HOUR), jobId: expect.any(String), due: false },
      "1h": { kind: "scheduled", at: new Date(moved.getTime() - HOUR), jobId: expect.any(String), due: false },
    });
    expect((await jobsOf(lesson.id)).filter((j) => j.data.startsAt === moved.toISOString())).toHaveLength(2);
    // the old start's 1-hour job, when it comes
    expect(await sendLiveReminders(depsAt(new Date(START.getTime() - HOUR)), lesson.id, "1h", old)).toEqual({
      sent: 0,
      reason: "moved",
    });
    const newIso = moved.toISOString();
    for (const slot of ["24h", "1h"] as const) {
      const at = new Date(moved.getTime() - (slot === "24h" ? 24 : 1) * HOUR);
      expect(await sendLiveReminders(depsAt(at), lesson.id, slot, newIso)).toEqual({ sent: 1, learners: 1 });
      expect(await sendLiveReminders(depsAt(at), lesson.id, slot, newIso)).toEqual({ sent: 0, learners: 1 });
    }
    expect((await storedFor(lesson.id))[email]).toEqual([`1h@${newIso}`, `24h@${old}`, `24h@${newIso}`]);
    const texts = (await mailsTo(email)).map((m) => m.text);
    expect(texts.filter((x) => x.includes("Starts: Monday 18 March 2030, 4:00 pm WAT"))).toHaveLength(2);
    expect(
      await t.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.dedupeKey, liveReminderKey(lesson.id, email, "24h", moved))),
    ).toHaveLength(1);
  });

  it("a class that has started or is over sends nothing and queues nothing", async () => {
    const { course, lesson } = await liveClass();
    const email = await learner(course.id);
    for (const now of [START, new Date(START.getTime() + 30 * 60_000), new Date(START.getTime() + 5 * HOUR)]) {
      expect(await scheduleLiveReminders(depsAt(now), lesson.id)).toEqual({
        "24h": { kind: "none", reason: "started" },
        "1h": { kind: "none", reason: "started" },
      });
      for (const slot of ["24h", "1h"] as const)
        expect(await sendLiveReminders(depsAt(now), lesson.id, slot, START.toISOString())).toEqual({
          sent: 0,
          reason: "started",
        });
    }
    expect(await jobsOf(lesson.id)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("announced late: a reminder whose point has passed is queued at once, and never both at once", async () => {
    // 3 hours before: the first reminder's job due now, the 1-hour one at its point
    const { course, lesson } = await liveClass();
    const email = await learner(course.id);
    const threeBefore = new Date(START.getTime() - 3 * HOUR);
    const three = await scheduleLiveReminders(depsAt(threeBefore), lesson.id);
    expect(three).toEqual({
      "24h": { kind: "scheduled", at: threeBefore, jobId: expect.any(String), due: true },
      "1h": { kind: "scheduled", at: new Date(START.getTime() - HOUR), jobId: expect.any(String), due: false },
    });
    // (the job's work, a moment later) saying how long is left
    const ran = new Date(threeBefore.getTime() + 2_000);
    expect(await sendLiveReminders(depsAt(ran), lesson.id, "24h", START.toISOString())).toEqual({
      sent: 1,
      learners: 1,
    });
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(["Starting in 3 hours: Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀"]);

    // 40 minutes before (published late, say): the 1-hour one only, due now
    const other = await liveClass();
    const latecomer = await learner(other.course.id);
    const fortyBefore = new Date(START.getTime() - 40 * 60_000);
    const late = await scheduleLiveReminders(depsAt(fortyBefore), other.lesson.id);
    expect(late).toEqual({
      "24h": { kind: "none", reason: "superseded" },
      "1h": { kind: "scheduled", at: fortyBefore, jobId: expect.any(String), due: true },
    });
    expect((await jobsOf(other.lesson.id)).map((j) => j.data.slot)).toEqual(["1h"]);
    expect(await sendLiveReminders(depsAt(fortyBefore), other.lesson.id, "1h", START.toISOString())).toMatchObject({
      sent: 1,
    });
    expect((await mailsTo(latecomer)).map((m) => m.subject)).toEqual(["Starting in 40 minutes: Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀"]);
    // the 24-hour job of that start, running late, sends nothing either
    expect(
      await sendLiveReminders(
        depsAt(new Date(START.getTime() - 30 * 60_000)),
        other.lesson.id,
        "24h",
        START.toISOString(),
      ),
    ).toEqual({ sent: 0, reason: "superseded" });
  });

  it("a draft lesson, or one without a start, gets nothing; a draft's queued job sends nothing", async () => {
    const draft = await liveClass({ published: false });
    await learner(draft.course.id);
    const early = depsAt(new Date(START.getTime() - 72 * HOUR));
    expect(await scheduleLiveReminders(early, draft.lesson.id)).toEqual({
      "24h": { kind: "none", reason: "draft" },
      "1h": { kind: "none", reason: "draft" },
    });
    const noStart = await liveClass({ startsAt: null });
    expect((await scheduleLiveReminders(early, noStart.lesson.id))["1h"]).toEqual({ kind: "none", reason: "no start" });
    expect((await scheduleLiveReminders(early, newId()))["1h"]).toEqual({ kind: "none", reason: "unknown lesson" });
    expect((await scheduleLiveReminders(early, "not-an-id"))["1h"]).toEqual({ kind: "none", reason: "unknown lesson" });

    // published, scheduled, then made a draft again before the job runs
    const unpublished = await liveClass();
    const email = await learner(unpublished.course.id);
    await scheduleLiveReminders(early, unpublished.lesson.id);
    await t.db.update(courseLessons).set({ published: false }).where(eq(courseLessons.id, unpublished.lesson.id));
    expect(
      await sendLiveReminders(
        depsAt(new Date(START.getTime() - HOUR)),
        unpublished.lesson.id,
        "1h",
        START.toISOString(),
      ),
    ).toEqual({ sent: 0, reason: "draft" });
    expect(await mailsTo(email)).toEqual([]);
  });

  it("a due job is run by the app's worker, which sends the reminder", async () => {
    // Real time here: the class starts in 24 hours and 5 minutes; the 24-hour job is made due now.
    const { course, lesson } = await liveClass({ startsAt: new Date(Date.now() + 24 * HOUR + 5 * 60_000) });
    const email = await learner(course.id);
    expect((await scheduleLiveReminders(depsAt(new Date()), lesson.id))["24h"]).toMatchObject({ kind: "scheduled" });
    await t.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${LIVE_REMINDER_QUEUE} and singleton_key like ${lesson.id + ":24h@%"}`,
    );
    const deadline = Date.now() + 15_000;
    while (Object.keys(await storedFor(lesson.id)).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(["Starting in 24 hours: Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀"]);
  });

  it("a class published 5 hours before: the app's worker sends the first reminder at once", async () => {
    const { course, lesson } = await liveClass({ startsAt: new Date(Date.now() + 5 * HOUR) });
    const email = await learner(course.id);
    expect((await scheduleLiveReminders(depsAt(new Date()), lesson.id))["24h"]).toMatchObject({ due: true });
    const deadline = Date.now() + 15_000;
    while (Object.keys(await storedFor(lesson.id)).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(["Starting in 5 hours: Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀"]);
  });
});
