// The events admin API (issue 18; decision 036): POST /api/events, GET/PUT/DELETE /api/events/{id},
// GET /api/events/{id}/purchases, the talents' writes; validation, missing ids, the delete refused with
// paid tickets, hidden events off the showcase and not for sale, the streaming-link e-mails following
// a new start (a moved clock, never sent twice), and the audit rows.
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { EVENT_MESSAGES, type AdminEvent, type EventPurchase } from "../../../contract/showcase/events.ts";
import { adminAudit, eventPurchases, events, payments } from "../../db/schema.ts";
import { newId } from "../../lib/id.ts";
import { silentLogger } from "../../lib/logger.ts";
import { ticketKey } from "../tickets/ticket-code.ts";
import { sendStreamLink, STREAM_LINK_QUEUE, type TicketDeps } from "../tickets/tickets.service.ts";

let t: TestApp;
let admin: TestAccount;
let plain: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  plain = await createAccount(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(eventPurchases);
  await t.db.delete(events);
});

const call = apiCaller(
  () => t,
  () => admin,
);
const HOUR = 60 * 60_000;
const STREAM = "https://zoom.us/j/81234500001?pwd=TestOnly";
const MISSING = "0123456789abcdef01234567";

const input = (over: Record<string, unknown> = {}) => ({
  name: "Demo Day",
  description: "Projects, live",
  time: "Saturday 14 March, 4 pm WAT",
  startsAt: "2030-03-14T16:00",
  streamUrl: STREAM,
  coverPhoto: "/media/cover.svg",
  photos: ["/media/p1.svg", "https://cdn.example/p2.jpg"],
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<AdminEvent> {
  return ok<AdminEvent>(await call("POST", "/api/events", input(over)), 201);
}

let n = 0;
/** A ticket of `eventId`, as a payment leaves it (and its payment row, for the refund statuses). */
async function ticket(eventId: string, over: Partial<typeof eventPurchases.$inferInsert> = {}, paymentStatus = "paid") {
  n += 1;
  const reference = `TA-${newId()}`;
  await t.db.insert(payments).values({
    reference,
    kind: "ticket",
    itemId: eventId,
    email: `buyer${n}@example.com`,
    amount: 500_000,
    status: paymentStatus,
    gateway: "sandbox",
  });
  const [row] = await t.db
    .insert(eventPurchases)
    .values({
      eventId,
      email: `buyer${n}@example.com`,
      ticketType: "VIP",
      quantity: 2,
      eventName: "Demo Day",
      amount: 1_000_000,
      paymentStatus: "paid",
      paymentReference: reference,
      ...over,
    })
    .returning();
  return row!;
}

describe("POST /api/events", () => {
  it("adds an event: the start read as Lagos time, the photos a list, shown on the public list without its link", async () => {
    const event = await create();
    expect(event).toEqual({
      _id: expect.any(String),
      name: "Demo Day",
      description: "Projects, live",
      time: "Saturday 14 March, 4 pm WAT",
      // 16:00 in Lagos is 15:00 UTC (WAT, UTC+1 all year)
      startsAt: "2030-03-14T15:00:00.000Z",
      streamUrl: STREAM,
      coverPhoto: "/media/cover.svg",
      photos: ["/media/p1.svg", "https://cdn.example/p2.jpg"],
      hidden: false,
    });
    const list = await ok<unknown[]>(await call("GET", "/api/events", undefined, null));
    expect(list).toEqual([
      {
        _id: event._id,
        name: "Demo Day",
        description: "Projects, live",
        time: "Saturday 14 March, 4 pm WAT",
        startsAt: "2030-03-14T15:00:00.000Z",
        coverPhoto: "/media/cover.svg",
        photos: ["/media/p1.svg", "https://cdn.example/p2.jpg"],
      },
    ]);
    expect(JSON.stringify(list)).not.toContain("zoom.us");
    const [audit] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "events"), eq(adminAudit.itemId, event._id)));
    expect(audit).toMatchObject({ action: "create", itemLabel: "Demo Day", actorId: admin.id });
  });

  it("takes an ISO instant with its offset, and no start, link or photos at all", async () => {
    expect((await create({ startsAt: "2030-03-14T15:00:00Z" })).startsAt).toBe("2030-03-14T15:00:00.000Z");
    const bare = await ok<AdminEvent>(await call("POST", "/api/events", { name: "Bare" }), 201);
    expect(bare).toMatchObject({ startsAt: null, streamUrl: null, photos: [], coverPhoto: "", hidden: false });
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: undefined }, "Name is required"],
    [{ name: "x".repeat(201) }, "Name must be at most 200 characters"],
    // issue 29: the name is in the ticket e-mail's subject, where mail apps decode encoded words
    [{ name: "Demo day =?utf-8?q?=0D=0ABcc:x@example.com?=" }, "Name must not contain encoded-word syntax"],
    [{ streamUrl: "http://zoom.us/j/1" }, "Streaming link must be an https:// address"],
    [{ streamUrl: "javascript:alert(1)" }, "Streaming link must be an https:// address"],
    [{ startsAt: "2030-02-30T16:00" }, "Start must be a date and time"],
    [{ startsAt: "tomorrow" }, "Start must be a date and time"],
    [{ coverPhoto: "javascript:alert(1)" }, "Cover photo must be a web address"],
    [{ photos: ["/media/a.svg", "data:image/png;base64,AA"] }, "Photo must be a web address"],
    [{ photos: "/media/a.svg" }, "Photos must be a list"],
    [{ photos: Array.from({ length: 21 }, (_, i) => `/media/${i}.svg`) }, "At most 20 photos"],
    [{ hidden: "yes" }, "Hidden must be true or false"],
  ])("refuses %j with 422: %s", async (over, message) => {
    expect(await refused(await call("POST", "/api/events", input(over)), 422)).toContain(message);
    expect(await t.db.select().from(events)).toEqual([]);
  });

  it("is for admins only: anonymous 401, a plain user 403", async () => {
    expect(await refused(await call("POST", "/api/events", input(), null), 401)).toBeTruthy();
    expect(await refused(await call("POST", "/api/events", input(), plain), 403)).toBeTruthy();
  });
});

describe("GET, PUT and DELETE /api/events/{id}", () => {
  it("reads one event with its link and flag; a missing or malformed id is 'Event not found'", async () => {
    const event = await create();
    expect(await ok(await call("GET", `/api/events/${event._id}`))).toEqual(event);
    expect(await refused(await call("GET", `/api/events/${MISSING}`), 404)).toBe(EVENT_MESSAGES.notFound);
    expect(await refused(await call("GET", "/api/events/nope"), 404)).toBe(EVENT_MESSAGES.notFound);
    expect(await refused(await call("GET", `/api/events/${event._id}`, undefined, plain), 403)).toBeTruthy();
  });

  it("replaces every field, audited with before and after", async () => {
    const event = await create();
    const saved = await ok<AdminEvent>(
      await call("PUT", `/api/events/${event._id}`, input({ name: "Demo Night", photos: [], streamUrl: "" })),
    );
    expect(saved).toMatchObject({ _id: event._id, name: "Demo Night", photos: [], streamUrl: null });
    const [audit] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "events"), eq(adminAudit.action, "update")));
    expect(audit!.changes).toMatchObject({
      name: { before: "Demo Day", after: "Demo Night" },
      streamUrl: { before: STREAM, after: null },
    });
  });

  it("PUT: a missing id 404, a bad field 422 (nothing changes)", async () => {
    const event = await create();
    expect(await refused(await call("PUT", `/api/events/${MISSING}`, input()), 404)).toBe(EVENT_MESSAGES.notFound);
    expect(await refused(await call("PUT", `/api/events/${event._id}`, input({ name: " " })), 422)).toBe(
      "Name is required",
    );
    expect((await ok<AdminEvent>(await call("GET", `/api/events/${event._id}`))).name).toBe("Demo Day");
  });

  it("deletes an event without paid tickets (an unpaid attempt does not count), audited", async () => {
    const event = await create();
    await ticket(event._id, { paymentStatus: "not_paid" });
    expect(await ok(await call("DELETE", `/api/events/${event._id}`))).toEqual({
      message: "Event deleted successfully",
      _id: event._id,
    });
    expect(await refused(await call("GET", `/api/events/${event._id}`), 404)).toBe(EVENT_MESSAGES.notFound);
    expect(await refused(await call("DELETE", `/api/events/${event._id}`), 404)).toBe(EVENT_MESSAGES.notFound);
    const rows = await t.db.select().from(adminAudit).where(eq(adminAudit.itemId, event._id));
    expect(rows.map((r) => r.action).sort()).toEqual(["create", "delete"]);
  });

  it("refuses to delete an event with paid tickets (409, hide it instead); hidden, it leaves the showcase and is not for sale", async () => {
    const event = await create();
    await ticket(event._id);
    expect(await refused(await call("DELETE", `/api/events/${event._id}`), 409)).toBe(EVENT_MESSAGES.hasPaidTickets);
    expect(EVENT_MESSAGES.hasPaidTickets).toContain("Hide it from the showcase instead");
    expect(await t.db.select().from(events)).toHaveLength(1);

    await ok(await call("PUT", `/api/events/${event._id}`, input({ hidden: true })));
    expect(await ok<unknown[]>(await call("GET", "/api/events", undefined, null))).toEqual([]);
    const buy = await call(
      "POST",
      "/api/payments/ticket",
      { eventId: event._id, email: "late@example.com", ticketType: "Standard", quantity: 1 },
      null,
    );
    expect(buy.status).toBe(404);
    // the admins still read it
    expect((await ok<AdminEvent>(await call("GET", `/api/events/${event._id}`))).hidden).toBe(true);
  });
});

describe("an event without a date (issue 29; decision 061)", () => {
  it("is not sold: the ticket's start is a 409 with the reason; once it has a time or a start, it is", async () => {
    const event = await create({
      description: "",
      time: "",
      startsAt: null,
      streamUrl: null,
      coverPhoto: "",
      photos: [],
    });
    const buy = () =>
      call(
        "POST",
        "/api/payments/ticket",
        { eventId: event._id, email: "early@example.com", ticketType: "Standard", quantity: 1 },
        null,
      );
    const before = (await t.db.select().from(payments)).length;
    expect(await refused(await buy(), 409)).toBe(EVENT_MESSAGES.noDate);
    expect(await t.db.select().from(payments)).toHaveLength(before);
    await ok(await call("PUT", `/api/events/${event._id}`, input({ time: "", startsAt: "2030-03-14T16:00" })));
    expect((await buy()).status).toBe(201);
    await ok(await call("PUT", `/api/events/${event._id}`, input({ time: "Saturday, 4 pm", startsAt: null })));
    expect((await buy()).status).toBe(201);
  });
});

describe("GET /api/events/{id}/purchases", () => {
  it("lists the tickets with their status, cost and admissions; unpaid attempts left out; refunds marked", async () => {
    const event = await create();
    const paid = await ticket(event._id, { email: "ada@example.com", quantity: 2, checkedIn: 1 });
    await ticket(event._id, { email: "pending@example.com", paymentStatus: "pending" });
    const pending = await ticket(
      event._id,
      { email: "bola@example.com", quantity: 1, amount: 250_000 },
      "refund_pending",
    );
    const gone = await ticket(event._id, { email: "chi@example.com", paymentStatus: "refunded" }, "refunded");
    const list = await ok<EventPurchase[]>(await call("GET", `/api/events/${event._id}/purchases`));
    const byId = new Map(list.map((p) => [p._id, p]));
    expect(list).toHaveLength(3);
    expect(byId.get(paid.id)).toMatchObject({
      email: "ada@example.com",
      ticketType: "VIP",
      quantity: 2,
      eventName: "Demo Day",
      status: "paid",
      amount: 10_000,
      checkedIn: 1,
    });
    expect(byId.get(pending.id)).toMatchObject({ status: "refund_pending", amount: 2500 });
    expect(byId.get(gone.id)).toMatchObject({ status: "refunded" });
  });

  it("404 for a missing event; admins only", async () => {
    expect(await refused(await call("GET", `/api/events/${MISSING}/purchases`), 404)).toBe(EVENT_MESSAGES.notFound);
    const event = await create();
    expect(await refused(await call("GET", `/api/events/${event._id}/purchases`, undefined, null), 401)).toBeTruthy();
    expect(await refused(await call("GET", `/api/events/${event._id}/purchases`, undefined, plain), 403)).toBeTruthy();
  });
});

describe("a new start time reschedules the streaming-link e-mails", () => {
  const depsAt = (now: Date): TicketDeps => ({
    db: t.db,
    mailer: t.mailer,
    boss: t.queue.boss,
    ticketKey: ticketKey(t.services.auth.options.secret),
    brand: { name: "TechAfrica", url: "https://academy.example", postalAddress: null },
    now: () => now,
    logger: silentLogger,
  });
  const jobsOf = async (purchaseId: string) => {
    const result = await t.db.execute(
      sql`select singleton_key, start_after, state from pgboss.job where name = ${STREAM_LINK_QUEUE} and singleton_key like ${`${purchaseId}@%`} order by start_after`,
    );
    return (result as unknown as { rows: Array<{ start_after: Date | string; state: string }> }).rows;
  };
  const linksTo = async (email: string) => {
    await t.mailer.drain();
    return readOutbox(t.outboxDir).filter((m) => m.to === email && m.subject.startsWith("Your streaming link"));
  };
  const sentAt = async (id: string) =>
    (await t.db.select().from(eventPurchases).where(eq(eventPurchases.id, id)))[0]!.streamLinkSentAt;

  it("moved later: a job for the new start − 24 h; the old one sends nothing; the link goes out once", async () => {
    const start = new Date(Date.now() + 72 * HOUR);
    const event = await create({ startsAt: start.toISOString() });
    const tk = await ticket(event._id, { email: `later-${newId()}@example.com` });
    // (the payment's job, as after-payment queues it)
    const { scheduleStreamLink } = await import("../tickets/tickets.service.ts");
    await scheduleStreamLink(depsAt(new Date()), tk.id);
    expect(await jobsOf(tk.id)).toHaveLength(1);

    const moved = new Date(start.getTime() + 48 * HOUR);
    await ok(await call("PUT", `/api/events/${event._id}`, input({ startsAt: moved.toISOString() })));
    const jobs = await jobsOf(tk.id);
    expect(jobs).toHaveLength(2);
    expect(new Date(jobs[1]!.start_after).toISOString()).toBe(new Date(moved.getTime() - 24 * HOUR).toISOString());

    // the old job runs at the old start − 24 h: too early now
    const oldDue = new Date(start.getTime() - 24 * HOUR);
    expect(await sendStreamLink(depsAt(oldDue), tk.id)).toEqual({ sent: false, reason: "not yet" });
    expect(await linksTo(tk.email)).toEqual([]);
    // the new one, at the new start − 24 h: the link, once
    const newDue = new Date(moved.getTime() - 24 * HOUR);
    expect(await sendStreamLink(depsAt(newDue), tk.id)).toEqual({ sent: true });
    expect(await sendStreamLink(depsAt(new Date(newDue.getTime() + HOUR)), tk.id)).toEqual({
      sent: false,
      reason: "already sent",
    });
    expect(await linksTo(tk.email)).toHaveLength(1);
  });

  it("moved within 24 hours: the link at once; moved again, nothing more is sent", async () => {
    const event = await create({ startsAt: new Date(Date.now() + 72 * HOUR).toISOString() });
    const tk = await ticket(event._id, { email: `sooner-${newId()}@example.com` });
    const unpaid = await ticket(event._id, { email: `unpaid-${newId()}@example.com`, paymentStatus: "not_paid" });
    await ok(
      await call("PUT", `/api/events/${event._id}`, input({ startsAt: new Date(Date.now() + 2 * HOUR).toISOString() })),
    );
    expect(await sentAt(tk.id)).not.toBeNull();
    expect(await sentAt(unpaid.id)).toBeNull();
    expect(await linksTo(tk.email)).toHaveLength(1);
    expect(await linksTo(unpaid.email)).toEqual([]);

    await ok(
      await call("PUT", `/api/events/${event._id}`, input({ startsAt: new Date(Date.now() + 3 * HOUR).toISOString() })),
    );
    expect(await linksTo(tk.email)).toHaveLength(1);
    expect(await jobsOf(tk.id)).toEqual([]);
  });

  it("a save that keeps the start queues nothing", async () => {
    const start = new Date(Date.now() + 72 * HOUR);
    const event = await create({ startsAt: start.toISOString() });
    const tk = await ticket(event._id);
    await ok(await call("PUT", `/api/events/${event._id}`, input({ startsAt: start.toISOString(), name: "Renamed" })));
    expect(await jobsOf(tk.id)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(eventPurchases)
        .where(and(eq(eventPurchases.id, tk.id), like(eventPurchases.email, "%"))),
    ).toHaveLength(1);
  });
});

describe("the talents' writes (POST /api/talents, PUT and DELETE /api/talents/{id})", () => {
  it("adds, edits and deletes a talent; 'Talent not found' for a missing one; admins only", async () => {
    const talent = await ok<{ _id: string }>(
      await call("POST", "/api/talents", { name: "Ngozi", role: "Designer", photo: "/media/n.svg" }),
      201,
    );
    expect(
      await ok(
        await call("PUT", `/api/talents/${talent._id}`, { name: "Ngozi A.", role: "Designer", photo: "/media/n.svg" }),
      ),
    ).toEqual({ _id: talent._id, name: "Ngozi A.", role: "Designer", photo: "/media/n.svg" });
    expect(
      await refused(await call("POST", "/api/talents", { name: "", role: "x", photo: "/media/n.svg" }), 422),
    ).toContain("Name");
    expect(
      await refused(await call("POST", "/api/talents", { name: "X", role: "x", photo: "/m" }, plain), 403),
    ).toBeTruthy();
    expect(await ok(await call("DELETE", `/api/talents/${talent._id}`))).toMatchObject({ _id: talent._id });
    expect(await refused(await call("DELETE", `/api/talents/${talent._id}`), 404)).toBe("Talent not found");
  });
});
