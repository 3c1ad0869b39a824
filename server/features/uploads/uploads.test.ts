// Upload tokens and the ImageKit-compatible upload (issue 8 "Images"; decision 014), through the real app.
import { createHmac } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { pngClaiming, pngImage, truncatedPng } from "../../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { uploadTokens } from "../../db/schema.ts";
import { uploadKey } from "./uploads.service.ts";

interface Auth {
  token: string;
  expire: number;
  signature: string;
}

let t: TestApp;
let user: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_IMAGE_BYTES: String(200 * 1024), UPLOAD_MAX_VIDEO_BYTES: "8192" });
  user = await createAccount(t);
}, 60_000);
afterAll(() => t.close());

const uploadsDir = () => path.join(t.env.DATA_DIR, "media", "uploads");
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);
const sign = (token: string, expire: number | string) =>
  createHmac("sha1", uploadKey(t.services.auth.options.secret)).update(`${token}${expire}`).digest("hex");

async function uploadAuth(): Promise<Auth> {
  const res = await t.request("/backend/posts/upload-auth", { headers: bearer(user) });
  expect(res.status).toBe(200);
  return (await res.json()) as Auth;
}

function upload(auth: Partial<Record<keyof Auth, string | number>>, file: Blob | string | null, fileName = "a.png") {
  const form = new FormData();
  if (file !== null) form.set("file", typeof file === "string" ? new Blob([file]) : file, fileName);
  form.set("fileName", fileName);
  form.set("publicKey", "public_anything");
  form.set("useUniqueFileName", "true");
  form.set("folder", "/");
  for (const [k, v] of Object.entries(auth)) form.set(k, String(v));
  return t.request("/backend/api/v1/files/upload", { method: "POST", body: form });
}

const blob = (bytes: Uint8Array, type = "image/png") => new Blob([Uint8Array.from(bytes)], { type });

/** The smallest MP4 start: an `ftyp` box (isom), then an empty `mdat`. */
const mp4Bytes = () =>
  Uint8Array.from([
    ...[0, 0, 0, 24],
    ...Buffer.from("ftypisom"),
    ...[0, 0, 2, 0],
    ...Buffer.from("isommp41"),
    ...[0, 0, 0, 8],
    ...Buffer.from("mdat"),
  ]);
/** The smallest WebM start: an EBML header whose DocType is "webm". */
const webmBytes = () =>
  Uint8Array.from([
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x8f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0x82,
    0x84,
    ...Buffer.from("webm"),
    0x42,
    0x87,
    0x81,
    0x02,
    0x18,
    0x53,
    0x80,
    0x67,
  ]);

async function expectRefused(res: Response, status: number, message: RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string }; message: string };
  expect(body.error.message).toMatch(message);
  expect(body.message).toBe(body.error.message);
}

describe("GET /backend/posts/upload-auth", () => {
  it("refuses anonymous callers", async () => {
    const res = await t.request("/backend/posts/upload-auth");
    expect(res.status).toBe(401);
  });

  it("gives a signed-in user a fresh token, an expiry under an hour and their HMAC-SHA1", async () => {
    const before = Math.floor(Date.now() / 1000);
    const a = await uploadAuth();
    const b = await uploadAuth();
    expect(a.token).toMatch(/^[0-9a-f]{40}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.expire).toBeGreaterThan(before);
    expect(a.expire).toBeLessThan(before + 3600);
    expect(a.signature).toBe(sign(a.token, a.expire));
    const [row] = await t.db.select().from(uploadTokens).where(eq(uploadTokens.token, a.token));
    expect(row).toMatchObject({ expire: a.expire, usedAt: null, userId: user.id });
  });
});

describe("POST /backend/api/v1/files/upload", () => {
  it("stores a real image under a unique name and answers ImageKit's shape; the URL serves it", async () => {
    const png = await pngImage(64, 48);
    const auth = await uploadAuth();
    const res = await upload(auth, blob(png), "My Photo.png");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ fileType: "image", mime: "image/png", size: png.length, width: 64, height: 48 });
    expect(body.name).toMatch(/^[0-9a-f]{24}\.png$/);
    expect(body.url).toBe(`/media/uploads/${String(body.name)}`);
    expect(body.filePath).toBe(`/uploads/${String(body.name)}`);
    expect(body.fileId).toBe(String(body.name).slice(0, 24));
    expect(Buffer.from(readFileSync(path.join(uploadsDir(), String(body.name))))).toEqual(Buffer.from(png));
    const served = await t.request(String(body.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(png));
    const [row] = await t.db.select().from(uploadTokens).where(eq(uploadTokens.token, auth.token));
    expect(row!.usedAt).toBeInstanceOf(Date);
    expect(row!.fileKey).toBe(`uploads/${String(body.name)}`);
  });

  it("stores a photo's EXIF (camera, time, place) nowhere: the picture is kept upright without it", async () => {
    const png = await pngImage(40, 30);
    const photo = new Uint8Array(
      await sharp(png)
        .jpeg()
        .withExif({ IFD0: { Make: "PhoneCam", Copyright: "Ada Obi" } })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(await uploadAuth(), blob(photo, "image/jpeg"), "IMG_0001.jpg");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; size: number; width: number; height: number };
    expect(body).toMatchObject({ width: 30, height: 40 });
    const stored = readFileSync(path.join(uploadsDir(), body.name));
    expect(body.size).toBe(stored.length);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes("PhoneCam")).toBe(false);
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation ?? 1 }).toEqual({
      width: 30,
      height: 40,
      orientation: 1,
    });
  });

  it("accepts JPEG, WebP, GIF and AVIF, each by its real type whatever its name", async () => {
    const png = await pngImage(40, 30);
    for (const [format, ext] of [
      ["jpeg", "jpg"],
      ["webp", "webp"],
      ["gif", "gif"],
      ["avif", "avif"],
    ] as const) {
      const bytes = new Uint8Array(await sharp(png).toFormat(format).toBuffer());
      const res = await upload(await uploadAuth(), blob(bytes, "application/octet-stream"), "named-wrong.png");
      expect(res.status, format).toBe(200);
      const body = (await res.json()) as { name: string; width: number; fileType: string };
      expect(body.name).toMatch(new RegExp(`^[0-9a-f]{24}\\.${ext}$`));
      expect(body).toMatchObject({ width: 40, fileType: "image" });
    }
  });

  it("accepts MP4 and WebM by their signature bytes", async () => {
    for (const [bytes, ext] of [
      [mp4Bytes(), "mp4"],
      [webmBytes(), "webm"],
    ] as const) {
      const res = await upload(await uploadAuth(), blob(bytes, "video/" + ext), `clip.${ext}`);
      expect(res.status, ext).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.name).toMatch(new RegExp(`^[0-9a-f]{24}\\.${ext}$`));
      expect(body).toMatchObject({ fileType: "non-image", mime: `video/${ext}`, size: bytes.length });
      expect(body.width).toBeUndefined();
      expect(existsSync(path.join(uploadsDir(), String(body.name)))).toBe(true);
    }
  });

  describe("refuses, storing nothing", () => {
    it("a wrong signature", async () => {
      const before = storedFiles().length;
      const auth = await uploadAuth();
      await expectRefused(
        await upload({ ...auth, signature: "0".repeat(40) }, blob(await pngImage())),
        403,
        /signature/,
      );
      await expectRefused(await upload({ ...auth, signature: "not hex" }, blob(await pngImage())), 403, /signature/);
      await expectRefused(await upload({ ...auth, expire: auth.expire + 1 }, blob(await pngImage())), 403, /signature/);
      expect(storedFiles().length).toBe(before);
    });

    it("an expired token", async () => {
      const before = storedFiles().length;
      const auth = await uploadAuth();
      const past = Math.floor(Date.now() / 1000) - 5;
      await t.db.update(uploadTokens).set({ expire: past }).where(eq(uploadTokens.token, auth.token));
      const res = await upload(
        { token: auth.token, expire: past, signature: sign(auth.token, past) },
        blob(await pngImage()),
      );
      await expectRefused(res, 403, /expired/);
      expect(storedFiles().length).toBe(before);
    });

    it("a token we did not issue, even correctly signed", async () => {
      const expire = Math.floor(Date.now() / 1000) + 600;
      const res = await upload(
        { token: "f".repeat(40), expire, signature: sign("f".repeat(40), expire) },
        blob(await pngImage()),
      );
      await expectRefused(res, 403, /not one this server issued/);
    });

    it("a token already used", async () => {
      const auth = await uploadAuth();
      expect((await upload(auth, blob(await pngImage()))).status).toBe(200);
      const before = storedFiles().length;
      await expectRefused(await upload(auth, blob(await pngImage())), 403, /already been used/);
      expect(storedFiles().length).toBe(before);
    });

    it("the second of two concurrent uploads with one token", async () => {
      const before = storedFiles().length;
      const auth = await uploadAuth();
      const png = await pngImage();
      const results = await Promise.all([upload(auth, blob(png)), upload(auth, blob(png))]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
      expect(storedFiles().length).toBe(before + 1);
    });

    it("a PNG header on garbage, a truncated PNG, a huge claimed canvas, text named .png; the token stays usable", async () => {
      const before = storedFiles().length;
      const auth = await uploadAuth();
      const garbage = Uint8Array.from([...(await pngImage()).subarray(0, 8), ...Buffer.from("garbage ".repeat(100))]);
      await expectRefused(await upload(auth, blob(garbage)), 422, /not a readable image/);
      await expectRefused(await upload(auth, blob(await truncatedPng())), 422, /not a readable image/);
      await expectRefused(await upload(auth, blob(pngClaiming(20_000, 20_000))), 422, /megapixels/);
      await expectRefused(await upload(auth, "hello, I am text", "photo.png"), 422, /Only images/);
      expect(storedFiles().length).toBe(before);
      // none of these used the token up
      expect((await upload(auth, blob(await pngImage()))).status).toBe(200);
    });

    it("a fake video: a name and a type but no container signature", async () => {
      const before = storedFiles().length;
      const auth = await uploadAuth();
      await expectRefused(
        await upload(auth, blob(Buffer.from("not a video at all"), "video/mp4"), "clip.mp4"),
        422,
        /Only images/,
      );
      const heic = mp4Bytes();
      heic.set(Buffer.from("heic"), 8);
      await expectRefused(await upload(auth, blob(heic, "video/mp4"), "clip.mp4"), 422, /Only images/);
      const mkv = webmBytes();
      mkv.set(Buffer.from("mkvx"), 12);
      await expectRefused(await upload(auth, blob(mkv, "video/webm"), "clip.webm"), 422, /Only images/);
      expect(storedFiles().length).toBe(before);
    });

    it("an image or a video over its configured size, and a body over the whole limit", async () => {
      const before = storedFiles().length;
      const auth = await uploadAuth();
      const noise = await sharp(
        Buffer.from(Array.from({ length: 300 * 300 * 3 }, () => Math.floor(Math.random() * 256))),
        {
          raw: { width: 300, height: 300, channels: 3 },
        },
      )
        .png()
        .toBuffer();
      expect(noise.length).toBeGreaterThan(200 * 1024);
      await expectRefused(await upload(auth, blob(noise)), 413, /image is too large: at most 0\.2 MB/);
      const video = new Uint8Array(9000);
      video.set(mp4Bytes());
      await expectRefused(await upload(auth, blob(video, "video/mp4"), "big.mp4"), 413, /video is too large/);
      const huge = new Uint8Array(1200 * 1024); // over BODY_LIMIT_BYTES (1 MB) + 64 KB
      const res = await upload(auth, blob(huge), "huge.png");
      expect(res.status).toBe(413);
      expect(storedFiles().length).toBe(before);
    });

    it("missing fields, or a body that is not multipart", async () => {
      const auth = await uploadAuth();
      await expectRefused(
        await upload({ expire: auth.expire, signature: auth.signature }, blob(await pngImage())),
        422,
        /token is required/,
      );
      await expectRefused(await upload(auth, null), 422, /file is required/);
      const json = await t.request("/backend/api/v1/files/upload", { method: "POST", json: auth });
      await expectRefused(json, 415, /multipart\/form-data/);
      // the token survived all of that
      expect((await upload(auth, blob(await pngImage()))).status).toBe(200);
    });
  });
});
