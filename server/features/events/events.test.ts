import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, talents } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { makeEvent, makeTalent } from "../../../tests/support/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(events);
  await t.db.delete(talents);
});

describe("GET /backend/api/events", () => {
  it("lists events as _id, name, description, time, startsAt, coverPhoto, photos, without the stream link", async () => {
    const [row] = await t.db
      .insert(events)
      .values(
        makeEvent({
          name: "Demo Day",
          description: "Projects, live",
          time: "Saturday 14 March, 4 pm WAT",
          coverPhoto: "/media/cover.svg",
          photos: ["/media/p1.svg", "/media/p2.svg"],
          streamUrl: "https://stream.example/secret",
          startsAt: new Date("2030-03-14T15:00:00Z"),
        }),
      )
      .returning();
    const res = await t.request("/backend/api/events");
    expect(res.status).toBe(200);
    // the stream link is for ticket holders only (spec §2 "Showcase"): never in the public list
    expect(await res.json()).toEqual([
      {
        _id: row!.id,
        name: "Demo Day",
        description: "Projects, live",
        time: "Saturday 14 March, 4 pm WAT",
        startsAt: "2030-03-14T15:00:00.000Z",
        coverPhoto: "/media/cover.svg",
        photos: ["/media/p1.svg", "/media/p2.svg"],
      },
    ]);
    expect(JSON.stringify(await (await t.request("/backend/api/events")).json())).not.toContain("stream");
  });

  it("answers startsAt null for an event without a start time", async () => {
    await t.db.insert(events).values(makeEvent({ startsAt: null }));
    const [event] = (await (await t.request("/backend/api/events")).json()) as Array<{ startsAt: unknown }>;
    expect(event!.startsAt).toBeNull();
  });

  it("refuses a stream link that is not https (database check)", async () => {
    await expect(t.db.insert(events).values(makeEvent({ streamUrl: "http://zoom.us/j/1" }))).rejects.toThrow();
    await expect(t.db.insert(events).values(makeEvent({ streamUrl: "javascript:alert(1)" }))).rejects.toThrow();
    await expect(t.db.insert(events).values(makeEvent({ streamUrl: "https://zoom.us/j/1 x" }))).rejects.toThrow();
    await t.db.insert(events).values(makeEvent({ streamUrl: "https://zoom.us/j/81234500001?pwd=x" }));
  });

  it("is an empty list when there are no events", async () => {
    const res = await t.request("/backend/api/events");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
});

describe("GET /backend/api/talents", () => {
  it("lists talents as _id, name, role, photo, oldest first", async () => {
    const [a] = await t.db
      .insert(talents)
      .values(makeTalent({ name: "Ngozi", role: "Designer", photo: "/media/n.svg" }))
      .returning();
    const [b] = await t.db
      .insert(talents)
      .values(makeTalent({ name: "Tunde", role: "Editor", photo: "/media/t.svg" }))
      .returning();
    const res = await t.request("/backend/api/talents");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { _id: a!.id, name: "Ngozi", role: "Designer", photo: "/media/n.svg" },
      { _id: b!.id, name: "Tunde", role: "Editor", photo: "/media/t.svg" },
    ]);
  });
});
