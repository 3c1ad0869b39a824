// Materials through the real upload route (issue 31 "Bad input"): a ZIP bomb, an archive three deep, a
// path leaving its folder and a program named .pdf are each a 422 with what to do, and nothing is stored;
// an ordinary ZIP is stored with its size and type.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok } from "../../../tests/support/api-calls.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { zip } from "../../../tests/support/zip.ts";
import { courses, lessonMaterials } from "../../db/schema.ts";
import { MATERIAL_MESSAGES } from "./materials.ts";

let t: TestApp;
let admin: TestAccount;
let lessonId: string;
const call = apiCaller(
  () => t,
  () => admin,
);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  const [course] = await t.db.insert(courses).values(makeCourse()).returning();
  const chapter = await ok<{ _id: string }>(
    await call("POST", `/api/admin/courses/${course!.id}/chapters`, { title: "Week 1", published: true }),
    201,
  );
  lessonId = (
    await ok<{ _id: string }>(
      await call("POST", `/api/admin/chapters/${chapter._id}/lessons`, { title: "Files", kind: "materials" }),
      201,
    )
  )._id;
});
afterAll(() => t?.close());

const upload = (name: string, body: Uint8Array) =>
  t.request(`/backend/api/lessons/${lessonId}/materials?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/octet-stream" },
    body: new Blob([new Uint8Array(body)]),
  });

const stored = async () =>
  (await t.db.select().from(lessonMaterials).where(eq(lessonMaterials.lessonId, lessonId))).length;

describe("POST /api/lessons/{id}/materials", () => {
  it("answers 422 with the reason for a bomb, nesting, a path that leaves its folder, a program named .pdf", async () => {
    const leaf = zip([{ name: "zeros.txt", data: Buffer.alloc(1024 * 1024) }]);
    const middle = zip([{ name: "inner.zip", data: leaf }]);
    const cases: Array<[string, Uint8Array, string]> = [
      [
        "bonus.zip",
        zip([{ name: "zeros.bin", data: Buffer.alloc(60 * 1024 * 1024) }]),
        MATERIAL_MESSAGES.ratio("bonus.zip"),
      ],
      [
        "42.zip",
        zip([{ name: "middle.zip", data: middle }]),
        MATERIAL_MESSAGES.nested("42.zip", "42.zip → middle.zip → inner.zip"),
      ],
      [
        "escape.zip",
        zip([{ name: "../../evil.sh", data: Buffer.from("x") }]),
        MATERIAL_MESSAGES.path("escape.zip", "../../evil.sh"),
      ],
      [
        "notes.pdf",
        Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(100)]),
        MATERIAL_MESSAGES.mismatch("notes.pdf", "pdf", "a Windows program"),
      ],
    ];
    for (const [name, body, message] of cases) {
      const res = await upload(name, body);
      expect(res.status, name).toBe(422);
      expect(await res.json()).toEqual({ error: { code: "invalid", message } });
    }
    expect(await stored()).toBe(0);
  });

  it("stores an ordinary ZIP with its size and type", async () => {
    const archive = zip([
      { name: "week1/", method: 0 },
      { name: "week1/notes.txt", data: Buffer.from("Lesson notes\n".repeat(500)) },
    ]);
    const material = await ok<{ name: string; size: number; contentType: string }>(
      await upload("Week 1.zip", archive),
      201,
    );
    expect(material).toMatchObject({ name: "Week 1.zip", size: archive.length, contentType: "application/zip" });
    expect(await stored()).toBe(1);
  });
});
