// The media store contract on both stores (local disk and S3-compatible, issue 8 "Stores"), the S3 one
// against s3rver running in this process; then an upload and a sign-up's profile image through the app
// landing in the bucket and served back at /media.
import { createHmac } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_MESSAGES } from "../../../contract/account/auth.ts";
import { courses, user as userTable } from "../../db/schema.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { bearer, createAccount, sameOrigin, uniqueName } from "../../../tests/support/accounts.ts";
import { pngImage } from "../../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { uploadKey } from "../../features/uploads/uploads.service.ts";
import { createLocalStore } from "./local-store.ts";
import { createS3Store, type S3Settings } from "./s3-store.ts";
import type { MediaStore } from "./store.ts";

const tmp = mkdtempSync(path.join(os.tmpdir(), "academy-s3-"));
let server: S3rver;
let settings: S3Settings;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(tmp, "s3rver"),
    configureBuckets: [{ name: "test", configs: [] }],
  });
  const { port } = await server.run();
  settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "test",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
});
afterAll(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

const bucketKeys = async () => {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const out = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  return (out.Contents ?? []).map((o) => o.Key);
};

describe.each([
  ["local disk", () => createLocalStore(path.join(tmp, "local"))],
  ["S3-compatible", () => createS3Store(settings, path.join(tmp, "s3-cache"))],
])("media store contract: %s", (_name, make: () => MediaStore) => {
  it("puts, gets, gives a local file for, and deletes an object; a missing key is null, twice deleted no error", async () => {
    const store = make();
    const key = "uploads/0123456789abcdef01234567.png";
    const bytes = Uint8Array.from([137, 80, 78, 71, 1, 2, 3]);
    expect(await store.get(key)).toBeNull();
    expect(await store.has(key)).toBe(false);
    expect(await store.localFile(key)).toBeNull();
    await store.put(key, bytes, "image/png");
    expect(await store.has(key)).toBe(true);
    expect(await store.has("uploads/0123456789abcdef01234568.png")).toBe(false);
    expect(await store.get(key)).toEqual({ bytes, contentType: "image/png" });
    const local = await store.localFile(key);
    expect(local).toMatchObject({ size: bytes.length });
    expect(existsSync(local!.file)).toBe(true);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.has(key)).toBe(false);
    expect(await store.localFile(key)).toBeNull();
    expect(existsSync(local!.file)).toBe(false);
    await store.delete(key);
  });

  it("refuses keys that are not plain", async () => {
    const store = make();
    for (const key of ["../x.png", "uploads/../../x.png", "/etc/passwd", "uploads/A.PNG", ""]) {
      await expect(store.put(key, Uint8Array.from([1]), "image/png"), key).rejects.toThrow(/key/);
      await expect(store.get(key), key).rejects.toThrow(/key/);
      await expect(store.has(key), key).rejects.toThrow(/key/);
    }
  });
});

describe("the app with the S3 store configured", () => {
  const s3Env = () => ({
    S3_ENDPOINT: settings.endpoint,
    S3_BUCKET: settings.bucket,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
  });
  // `second` stands for another app process on the same bucket: its own DATA_DIR (and, here, database).
  let t: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    t = await createTestApp(s3Env());
    second = await createTestApp(s3Env());
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await second.close();
  });

  it("an upload lands in the bucket (not on local disk) and is served back at /media, whole and resized", async () => {
    const user = await createAccount(t);
    const auth = (await (await t.request("/backend/posts/upload-auth", { headers: bearer(user) })).json()) as {
      token: string;
      expire: number;
    };
    const signature = createHmac("sha1", uploadKey(t.services.auth.options.secret))
      .update(`${auth.token}${auth.expire}`)
      .digest("hex");
    const png = await pngImage(40, 30);
    const form = new FormData();
    form.set("file", new Blob([Uint8Array.from(png)], { type: "image/png" }), "a.png");
    form.set("fileName", "a.png");
    form.set("publicKey", "public_anything");
    form.set("useUniqueFileName", "true");
    form.set("folder", "/");
    form.set("token", auth.token);
    form.set("expire", String(auth.expire));
    form.set("signature", signature);
    const res = await t.request("/backend/api/v1/files/upload", { method: "POST", body: form });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const mediaPath = new URL(url, "http://x").pathname;
    expect(mediaPath).toMatch(/^\/media\/uploads\/[a-z0-9]+\.png$/);

    expect(await bucketKeys()).toContain(mediaPath.slice("/media/".length));
    expect(existsSync(path.join(t.env.DATA_DIR, "media", "uploads"))).toBe(false);

    const whole = await t.request(mediaPath);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(png))).toBe(true);

    // (20 px snapped up to the 32 px step)
    const resized = await t.request(`${mediaPath}?tr=w-20`);
    expect(resized.status).toBe(200);
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 32,
      height: 24,
    });

    expect((await t.request("/media/uploads/000000000000000000000000.png")).status).toBe(404);
  });

  it("a lesson's material lands in the bucket and is served by the learning API to those allowed only (issue 31)", async () => {
    const admin = await createAccount(t);
    await t.db.update(userTable).set({ role: "admin" }).where(eq(userTable.id, admin.id));
    const [course] = await t.db.insert(courses).values(makeCourse()).returning();
    const post = async (url: string, json: unknown) =>
      (await (await t.request(`/backend${url}`, { method: "POST", headers: bearer(admin), json })).json()) as {
        _id: string;
      };
    const chapter = await post(`/api/admin/courses/${course!.id}/chapters`, { title: "One", published: true });
    const lesson = await post(`/api/admin/chapters/${chapter._id}/lessons`, {
      title: "Sheets",
      kind: "materials",
      published: true,
    });
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const res = await t.request(`/backend/api/lessons/${lesson._id}/materials?name=sheet.pdf`, {
      method: "POST",
      headers: { ...bearer(admin), "Content-Type": "application/octet-stream" },
      body: new Blob([pdf]),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const keys = await bucketKeys();
    expect(keys.some((k) => /^materials\/[0-9a-f]{24}\.pdf$/.test(k ?? ""))).toBe(true);
    expect(existsSync(path.join(t.env.DATA_DIR, "media", "materials"))).toBe(false);
    const download = await t.request(url, { headers: bearer(admin) });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    const stranger = await createAccount(t);
    expect((await t.request(url, { headers: bearer(stranger) })).status).toBe(403);
    // and never through /media, though the object is there
    const key = keys.find((k) => k?.startsWith("materials/"))!;
    expect((await t.request(`/media/${key}`)).status).toBe(404);
  });

  it("an uploaded video in the bucket is served in parts at /media (Range → 206)", async () => {
    const user = await createAccount(t);
    const auth = (await (await t.request("/backend/posts/upload-auth", { headers: bearer(user) })).json()) as {
      token: string;
      expire: number;
    };
    const signature = createHmac("sha1", uploadKey(t.services.auth.options.secret))
      .update(`${auth.token}${auth.expire}`)
      .digest("hex");
    // an MP4 start (an `ftyp` box) and 2000 bytes of an `mdat`
    const mp4 = new Uint8Array(2024);
    mp4.set([0, 0, 0, 16, ...Buffer.from("ftypisom"), 0, 0, 2, 0, 0, 0, 0x07, 0xd8, ...Buffer.from("mdat")]);
    for (let i = 24; i < mp4.length; i++) mp4[i] = i % 251;
    const form = new FormData();
    form.set("file", new Blob([mp4], { type: "video/mp4" }), "clip.mp4");
    form.set("fileName", "clip.mp4");
    form.set("token", auth.token);
    form.set("expire", String(auth.expire));
    form.set("signature", signature);
    const res = await t.request("/backend/api/v1/files/upload", { method: "POST", body: form });
    expect(res.status).toBe(200);
    const mediaPath = new URL(((await res.json()) as { url: string }).url, "http://x").pathname;
    expect(mediaPath).toMatch(/^\/media\/uploads\/[a-z0-9]+\.mp4$/);
    expect(await bucketKeys()).toContain(mediaPath.slice("/media/".length));

    const part = await t.request(mediaPath, { headers: { Range: "bytes=1000-1099" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(part.headers.get("content-range")).toBe("bytes 1000-1099/2024");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(mp4.slice(1000, 1100));
    expect((await t.request(mediaPath, { headers: { Range: "bytes=3000-" } })).status).toBe(416);
  });

  it("a sign-up's profile image lands in the bucket; any process on the bucket serves it and update-user takes it", async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    const caller = { headers: new Headers(sameOrigin(t)), clientIp: "10.9.0.1" };
    const png = await pngImage(300, 200);
    const result = await t.services.authFlows.signUp(
      caller,
      { username, email, password: "correct horse 42" },
      new Blob([Uint8Array.from(png)], { type: "image/png" }),
    );
    expect(result.ok).toBe(true);
    const [row] = await t.db.select().from(userTable).where(eq(userTable.email, email));
    const image = row!.image!;
    expect(image).toMatch(/^\/media\/avatars\/[0-9a-f]{24}\.webp$/);

    expect(await bucketKeys()).toContain(image.slice("/media/".length));
    expect(existsSync(path.join(t.env.DATA_DIR, "media", "avatars"))).toBe(false);

    for (const app of [t, second]) {
      const served = await app.request(image);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
        format: "webp",
        width: 256,
        height: 171,
      });
    }

    for (const app of [t, second]) {
      const account = await createAccount(app);
      const update = (json: unknown) =>
        app.request("/backend/api/auth/update-user", {
          method: "POST",
          headers: sameOrigin(app, bearer(account)),
          json,
        });
      const refused = await update({ image: "/media/avatars/0123456789abcdef01234567.webp" });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { message: string }).message).toBe(AVATAR_MESSAGES.notOurs);
      expect((await update({ image })).status).toBe(200);
      const [updated] = await app.db.select().from(userTable).where(eq(userTable.id, account.id));
      expect(updated!.image).toBe(image);
    }
  });
});
