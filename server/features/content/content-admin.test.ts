// The home and about content's admin writes through the real app (admin-back-office §2, §4, §5, §7
// "Home content", §8; issue 16): each declared resource's create / update / delete / move, the spec's
// validation messages, missing ids, the carousel's 'Invalid item ID', the address rules, the order the
// public lists follow, and exactly one audit row per write with its before/after (none for a refused one).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import {
  adminAudit,
  blogTeasers,
  carouselSlides,
  experts,
  faqs,
  hero,
  instructorCtas,
  talents,
} from "../../db/schema.ts";
import { contentVersionOf } from "../../db/content-version.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let plain: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  plain = await createAccount(t);
}, 60_000);
afterAll(() => t.close());

beforeEach(async () => {
  for (const table of [carouselSlides, blogTeasers, instructorCtas, faqs, hero, experts, talents, adminAudit]) {
    await t.db.delete(table);
  }
});

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const MISSING_ID = "0123456789abcdef01234567";

const call = apiCaller(
  () => t,
  () => admin,
);

const auditRows = () => t.db.select().from(adminAudit).orderBy(desc(adminAudit.at), desc(adminAudit.id));

/** One resource's fields for a valid create, its path and its spec messages. */
const RESOURCES = [
  {
    key: "carousel",
    valid: { title: "Learn to code", description: "Mentors every week", image: "/media/uploads/a.webp" },
    change: { title: "Learn to design" },
    saved: "Item added successfully",
    ordered: true,
  },
  {
    key: "blogTeasers",
    valid: { headline: "Read the blog", description: "Tips from our mentors", image: "https://cdn.example.com/t.png" },
    change: { headline: "Read more" },
    saved: "Blog teaser saved successfully",
    required: "All fields are required",
    ordered: false,
  },
  {
    key: "instructorCTAs",
    valid: {
      title: "Teach with us",
      description: "Share what you know",
      image: "/media/uploads/c.webp",
      buttonText: "Apply",
      buttonLink: "/contact",
    },
    change: { buttonLink: "https://forms.example.com/apply" },
    saved: "Instructor CTA saved successfully",
    required: "All fields are required",
    ordered: false,
  },
  {
    key: "faqs",
    valid: { question: "How long is a course?", answer: "Eight to twelve weeks." },
    change: { answer: "Ten weeks, most of them." },
    saved: "FAQ saved successfully",
    required: "Question and answer are required",
    ordered: true,
  },
  {
    key: "experts",
    valid: { name: "Ada Obi", role: "Mentor", expertise: "Cybersecurity", img: "/media/uploads/e.webp" },
    change: { role: "Lead mentor" },
    saved: "Expert added!",
    ordered: true,
  },
  // the showcase's talents (issue 18): declared the same way, edited at /tickets
  {
    key: "talents",
    valid: { name: "Temi Ade", role: "Video editor", photo: "/media/uploads/t.webp" },
    change: { role: "Motion designer" },
    saved: "Talent added successfully",
    ordered: false,
  },
] as const;

describe.each(RESOURCES)("/api/$key", (r) => {
  it("adds, edits and deletes, answering the item, audited once per write, shown publicly at once", async () => {
    const v0 = await contentVersionOf(t.db);
    const created = await ok(await call("POST", `/api/${r.key}`, { ...r.valid, _id: "ignored" }), 201);
    expect(created).toEqual({ _id: ID, ...r.valid });
    expect(await contentVersionOf(t.db)).toBe(v0 + 1);
    expect(await ok(await call("GET", `/api/${r.key}`, undefined, null))).toEqual([created]);

    const updated = await ok(await call("PUT", `/api/${r.key}/${created._id}`, { ...r.valid, ...r.change }));
    expect(updated).toEqual({ ...created, ...r.change });
    expect(await ok(await call("GET", `/api/${r.key}`, undefined, null))).toEqual([updated]);

    const deleted = await ok(await call("DELETE", `/api/${r.key}/${created._id}`));
    expect(deleted).toEqual({ _id: created._id, message: expect.stringMatching(/deleted/i) });
    expect(await ok(await call("GET", `/api/${r.key}`, undefined, null))).toEqual([]);

    const rows = await auditRows();
    expect(rows.map((row) => row.action)).toEqual(["delete", "update", "create"]);
    for (const row of rows) {
      expect(row).toMatchObject({ actorId: admin.id, actorEmail: admin.email, resource: r.key, itemId: created._id });
    }
    const [del, upd, cre] = rows;
    const [field, after] = Object.entries(r.change)[0]!;
    expect(upd!.changes).toEqual({ [field]: { before: (r.valid as Record<string, string>)[field], after } });
    expect(cre!.changes).toEqual(
      Object.fromEntries(Object.entries(r.valid).map(([k, value]) => [k, { before: null, after: value }])),
    );
    expect(Object.values(del!.changes).every((c) => c.after === null)).toBe(true);
  });

  it("refuses anonymous callers (401) and plain users (403), changing nothing", async () => {
    const created = await ok(await call("POST", `/api/${r.key}`, r.valid), 201);
    const before = await auditRows();
    expect((await call("POST", `/api/${r.key}`, r.valid, null)).status).toBe(401);
    expect((await call("POST", `/api/${r.key}`, r.valid, plain)).status).toBe(403);
    expect((await call("PUT", `/api/${r.key}/${created._id}`, r.valid, plain)).status).toBe(403);
    expect((await call("DELETE", `/api/${r.key}/${created._id}`, undefined, null)).status).toBe(401);
    expect((await call("DELETE", `/api/${r.key}/${created._id}`, undefined, plain)).status).toBe(403);
    expect((await call("GET", `/api/admin/${r.key}`, undefined, plain)).status).toBe(403);
    expect(await ok(await call("GET", `/api/${r.key}`, undefined, null))).toEqual([created]);
    expect(await auditRows()).toHaveLength(before.length);
  });

  it("answers 404 for an id that is not there, recording nothing", async () => {
    expect(await refused(await call("PUT", `/api/${r.key}/${MISSING_ID}`, r.valid), 404)).toMatch(/not found/i);
    expect(await refused(await call("DELETE", `/api/${r.key}/${MISSING_ID}`), 404)).toMatch(/not found/i);
    expect(await auditRows()).toEqual([]);
  });

  const field = Object.keys(r.valid).find((k) => /image|img|link/i.test(k));
  if (field) {
    it(`refuses javascript:, data: and protocol-relative addresses in ${field}`, async () => {
      for (const bad of [
        "javascript:alert(1)",
        "data:text/html,<b>x</b>",
        "//evil.example/x.png",
        "/\\evil.example",
        "https://exa mple.com",
      ]) {
        const message = await refused(await call("POST", `/api/${r.key}`, { ...r.valid, [field]: bad }), 422);
        expect(message).toMatch(/web address|path on this site/);
      }
      expect(await ok(await call("GET", `/api/${r.key}`, undefined, null))).toEqual([]);
      expect(await auditRows()).toEqual([]);
    });
  }

  if ("required" in r) {
    it(`says '${r.required}' when a required field is missing or blank`, async () => {
      const [first] = Object.keys(r.valid);
      expect(await refused(await call("POST", `/api/${r.key}`, {}), 422)).toBe(r.required);
      expect(await refused(await call("POST", `/api/${r.key}`, { ...r.valid, [first!]: "   " }), 422)).toBe(r.required);
      expect(await auditRows()).toEqual([]);
    });
  }

  it("gives the back office its list a page at a time", async () => {
    for (let i = 0; i < 3; i++) await ok(await call("POST", `/api/${r.key}`, r.valid), 201);
    const page = await ok<{ items: unknown[]; page: number; pageSize: number; total: number }>(
      await call("GET", `/api/admin/${r.key}?page=2&pageSize=2`),
    );
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page.items).toHaveLength(1);
  });
});

describe("ordering: carousel items, FAQs and experts move up and down", () => {
  it.each(["carousel", "faqs", "experts"] as const)("%s: the public list follows the admins' order", async (key) => {
    const r = RESOURCES.find((x) => x.key === key)!;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await ok(await call("POST", `/api/${key}`, r.valid), 201))._id!);
    const order = async () =>
      ((await ok(await call("GET", `/api/${key}`, undefined, null))) as unknown as Array<{ _id: string }>).map(
        (x) => x._id,
      );
    expect(await order()).toEqual(ids);

    const moved = await ok<Array<{ _id: string }>>(
      await call("POST", `/api/${key}/${ids[2]}/move`, { direction: "up" }),
    );
    expect(moved.map((x) => x._id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);
    await ok(await call("POST", `/api/${key}/${ids[0]}/move`, { direction: "down" }));
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);

    // the first does not go up: nothing changes, nothing is recorded
    const audits = (await auditRows()).length;
    await ok(await call("POST", `/api/${key}/${ids[2]}/move`, { direction: "up" }));
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);
    expect(await auditRows()).toHaveLength(audits);

    const [last] = await auditRows();
    expect(last).toMatchObject({ action: "move", itemId: ids[0], changes: { position: { before: 1, after: 2 } } });
    expect(await refused(await call("POST", `/api/${key}/${ids[0]}/move`, { direction: "sideways" }), 422)).toMatch(
      /direction/,
    );
    expect((await call("POST", `/api/${key}/${ids[0]}/move`, { direction: "up" }, plain)).status).toBe(403);
  });

  it("a new item goes last; the unordered lists have no move", async () => {
    const teaser = await ok(await call("POST", "/api/blogTeasers", RESOURCES[1].valid), 201);
    expect((await call("POST", `/api/blogTeasers/${teaser._id}/move`, { direction: "up" })).status).toBe(404);
  });

  it("twenty moves at once leave every item once, in positions 0..n-1", async () => {
    const r = RESOURCES.find((x) => x.key === "faqs")!;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await ok(await call("POST", "/api/faqs", r.valid), 201))._id!);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("POST", `/api/faqs/${ids[i % 4]}/move`, { direction: i % 2 ? "up" : "down" }),
      ),
    );
    const rows = await t.db.select({ id: faqs.id, position: faqs.position }).from(faqs);
    expect(rows.map((row) => row.position).sort()).toEqual([0, 1, 2, 3]);
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  });
});

describe("the carousel's id rule (admin §5)", () => {
  it("answers 'Invalid item ID' (422) to a delete with an id under 24 characters, and 404 to an unknown one", async () => {
    expect(await refused(await call("DELETE", "/api/carousel/abc123"), 422)).toBe("Invalid item ID");
    expect(await refused(await call("DELETE", `/api/carousel/${"z".repeat(24)}`), 404)).toBe("Carousel item not found");
    expect(await auditRows()).toEqual([]);
  });

  it("takes a carousel item with blank fields (no check on save), and answers the spec's texts", async () => {
    const item = await ok(await call("POST", "/api/carousel", {}), 201);
    expect(item).toEqual({ _id: ID, title: "", description: "", image: "" });
    const deleted = await ok(await call("DELETE", `/api/carousel/${item._id}`));
    expect(deleted.message).toBe("Item deleted successfully");
  });
});

describe("validation messages and limits", () => {
  it("says which field is too long, and that a field must be text", async () => {
    const long = await refused(await call("POST", "/api/faqs", { question: "q".repeat(301), answer: "a" }), 422);
    expect(long).toBe("Question must be at most 300 characters");
    const notText = await refused(await call("POST", "/api/experts", { name: 42 }), 422);
    expect(notText).toBe("Name must be text");
  });

  it("trims what it stores, and refuses control characters and a body that is no object", async () => {
    const item = await ok(await call("POST", "/api/faqs", { question: "  Why?  ", answer: "\tBecause.\n" }), 201);
    expect(item).toMatchObject({ question: "Why?", answer: "Because." });
    expect(await refused(await call("POST", "/api/faqs", { question: "a\u0007b", answer: "x" }), 422)).toMatch(
      /control/,
    );
    expect((await call("POST", "/api/faqs", [1, 2])).status).toBe(422);
    expect((await call("POST", "/api/faqs", "text")).status).toBeGreaterThanOrEqual(400);
  });
});

describe("the hero (PUT and DELETE /api/hero)", () => {
  const fields = {
    title: "Skills that pay",
    subtitle: "Learn with mentors",
    videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    buttonText: "Start",
    buttonLink: "/courses",
  };

  it("saves the hero, blanks it on delete, and records both with their before/after", async () => {
    expect(await ok(await call("GET", "/api/hero", undefined, null))).toBeNull();
    expect(await ok(await call("PUT", "/api/hero", fields))).toEqual(fields);
    expect(await ok(await call("GET", "/api/hero", undefined, null))).toEqual(fields);
    const blank = { title: "", subtitle: "", videoUrl: "", buttonText: "", buttonLink: "" };
    expect(await ok(await call("DELETE", "/api/hero"))).toEqual(blank);
    expect(await ok(await call("GET", "/api/hero", undefined, null))).toEqual(blank);
    expect(await t.db.select().from(hero)).toHaveLength(1);

    const [del, put] = await auditRows();
    expect(put).toMatchObject({ action: "update", resource: "hero" });
    expect(put!.changes.title).toEqual({ before: null, after: fields.title });
    expect(del).toMatchObject({ action: "delete", resource: "hero" });
    expect(del!.changes.title).toEqual({ before: fields.title, after: "" });
  });

  it("refuses a javascript: button link and plain users", async () => {
    expect(
      await refused(await call("PUT", "/api/hero", { ...fields, buttonLink: "javascript:alert(1)" }), 422),
    ).toMatch(/Button link/);
    expect((await call("PUT", "/api/hero", fields, plain)).status).toBe(403);
    expect((await call("DELETE", "/api/hero", undefined, null)).status).toBe(401);
    expect(await t.db.select().from(hero)).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });
});

describe("the write and its audit row commit together", () => {
  it("when the audit row cannot be written, the change is not kept either", async () => {
    const created = await ok(await call("POST", "/api/faqs", { question: "Q", answer: "A" }), 201);
    // the database refuses every new audit row (a fault injected for this test only)
    await t.db.execute(
      sql`create or replace function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`,
    );
    await t.db.execute(
      sql`create trigger refuse_audit before insert on admin_audit for each row execute function refuse_audit()`,
    );
    try {
      const res = await call("PUT", `/api/faqs/${created._id}`, { question: "Changed", answer: "A" });
      expect(res.status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_audit on admin_audit`);
    }
    const [row] = await t.db.select().from(faqs).where(eq(faqs.id, created._id!));
    expect(row!.question).toBe("Q");
    expect((await auditRows()).map((a) => a.action)).toEqual(["create"]);
  });
});
