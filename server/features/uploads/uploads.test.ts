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
import { posts, uploadTokens } from "../../db/schema.ts";
import { uploadKey } from "./uploads.service.ts";

interface Auth {
  token: string;
  expire: number;
  signature: string;
}

let t: TestApp;
let user: TestAccount;

beforeAll(async () => {
  t = await createTestApp({
    UPLOAD_MAX_IMAGE_BYTES: String(200 * 1024),
    UPLOAD_MAX_VIDEO_BYTES: "8192",
    // the one pixel limit of uploads and transforms, small enough for a test picture to cross it
    MEDIA_MAX_PIXELS: "1000000",
    PUBLIC_URL: "https://academy.example",
    MEDIA_CORS_ORIGINS: "https://app.example, http://localhost:5173",
  });
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

function upload(
  auth: Partial<Record<keyof Auth, string | number>>,
  file: Blob | string | { asText: string } | null,
  fileName = "a.png",
  headers: Record<string, string> = {},
  fields: { folder?: string; tags?: string } = { folder: "/" },
) {
  const form = new FormData();
  if (file !== null && typeof file === "object" && "asText" in file) form.set("file", file.asText);
  else if (file !== null) form.set("file", typeof file === "string" ? new Blob([file]) : file, fileName);
  form.set("fileName", fileName);
  form.set("publicKey", "public_anything");
  form.set("useUniqueFileName", "true");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, v] of Object.entries(auth)) form.set(k, String(v));
  return t.request("/backend/api/v1/files/upload", { method: "POST", body: form, headers });
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
    // absolute, as ImageKit answers (PUBLIC_URL): an SDK's buildSrc({ src: url }) works as is
    expect(body.url).toBe(`https://academy.example/media/uploads/${String(body.name)}`);
    expect(body.thumbnailUrl).toBe(`https://academy.example/media/uploads/${String(body.name)}?tr=w-256`);
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

describe("POST /backend/api/v1/files/upload: one pixel limit with /media", () => {
  it("accepts a picture at the limit, and its thumbnail and any transform of it work", async () => {
    const res = await upload(await uploadAuth(), blob(await pngImage(1000, 1000)));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; thumbnailUrl: string };
    const thumb = await t.request(body.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 256, height: 256 });
    for (const tr of ["w-2000", "h-2000,f-png", "w-0.5:rt-90"]) {
      expect((await t.request(`${body.url}?tr=${tr}`)).status, tr).toBe(200);
    }
  });

  it("refuses a picture over the limit with a 422 that gives its size and the limit", async () => {
    const before = storedFiles().length;
    await expectRefused(
      await upload(await uploadAuth(), blob(await pngImage(1200, 1000))),
      422,
      /1200 × 1000 is 1\.2 megapixels, and at most 1 are accepted/,
    );
    expect(storedFiles().length).toBe(before);
  });
});

describe("POST /backend/api/v1/files/upload: the file as base64 text or a data: URI (as ImageKit takes it)", () => {
  it("stores a base64 string or a data: URI like the file, by the type its bytes say", async () => {
    const png = await pngImage(40, 30);
    const base64 = Buffer.from(png).toString("base64");
    for (const text of [
      base64,
      `data:image/png;base64,${base64}`,
      `data:image/jpeg;base64,${base64}`, // the claimed type is ignored
      `DATA:image/png;BASE64,${base64.replace(/(.{60})/g, "$1\n")}`, // line breaks, as MIME writes base64
      Buffer.from(png).toString("base64url"),
    ]) {
      const res = await upload(await uploadAuth(), { asText: text });
      expect(res.status, text.slice(0, 30)).toBe(200);
      const body = (await res.json()) as { name: string; width: number; mime: string };
      expect(body).toMatchObject({ width: 40, mime: "image/png" });
      expect(body.name).toMatch(/\.png$/);
      expect(readFileSync(path.join(uploadsDir(), body.name)).equals(Buffer.from(png))).toBe(true);
    }
    const video = await upload(await uploadAuth(), {
      asText: `data:video/webm;base64,${Buffer.from(webmBytes()).toString("base64")}`,
    });
    expect(video.status).toBe(200);
    expect(((await video.json()) as { mime: string }).mime).toBe("video/webm");
  });

  it("refuses text that is not base64, an address, a data: URI without base64, and too many bytes", async () => {
    const auth = await uploadAuth();
    const before = storedFiles().length;
    for (const text of [
      "not base64 at all!",
      "https://example.com/photo.png",
      "data:image/png,%89PNG",
      "data:image/png;base64",
      "A",
    ]) {
      await expectRefused(await upload(auth, { asText: text }), 422, /base64/);
    }
    await expectRefused(
      await upload(auth, { asText: Buffer.from("hello, I am text").toString("base64") }),
      422,
      /Only images/,
    );
    const noise = await sharp(
      Buffer.from(Array.from({ length: 300 * 300 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 300, height: 300, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    await expectRefused(await upload(auth, { asText: noise.toString("base64") }), 413, /at most 0\.2 MB/);
    expect(storedFiles().length).toBe(before);
    // none of that used the token up
    expect((await upload(auth, { asText: Buffer.from(await pngImage()).toString("base64") })).status).toBe(200);
  });
});

describe("CORS for MEDIA_CORS_ORIGINS on the upload calls and /media", () => {
  const preflight = (url: string, origin: string, method: string, headers = "") =>
    t.request(url, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": method,
        ...(headers ? { "Access-Control-Request-Headers": headers } : {}),
      },
    });

  it("answers preflights and requests from a configured origin", async () => {
    for (const [url, method] of [
      ["/backend/api/v1/files/upload", "POST"],
      ["/backend/posts/upload-auth", "GET"],
      ["/media/uploads/x.png", "GET"],
    ] as const) {
      const res = await preflight(url, "https://app.example", method, "authorization");
      expect(res.status, url).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), url).toBe("https://app.example");
      expect(res.headers.get("access-control-allow-methods"), url).toContain(method);
      expect(res.headers.get("access-control-allow-headers")?.toLowerCase(), url).toContain("authorization");
      expect(res.headers.get("access-control-allow-credentials"), url).toBeNull();
    }
    const auth = await t.request("/backend/posts/upload-auth", {
      headers: { ...bearer(user), Origin: "http://localhost:5173" },
    });
    expect(auth.status).toBe(200);
    expect(auth.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const body = (await auth.json()) as Auth;
    const res = await upload(body, blob(await pngImage()), "a.png", { Origin: "https://app.example" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://app.example");
    const { url } = (await res.json()) as { url: string };
    const image = await t.request(`${url}?tr=w-32`, { headers: { Origin: "https://app.example" } });
    expect(image.status).toBe(200);
    expect(image.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(image.headers.get("vary")).toContain("Origin");
  });

  it("sends no CORS headers to other origins, to same-origin requests, or on other paths", async () => {
    for (const [url, method] of [
      ["/backend/api/v1/files/upload", "POST"],
      ["/backend/posts/upload-auth", "GET"],
      ["/media/uploads/x.png", "GET"],
    ] as const) {
      const res = await preflight(url, "https://evil.example", method);
      expect(res.headers.get("access-control-allow-origin"), url).toBeNull();
    }
    const refused = await upload(await uploadAuth(), blob(await pngImage()), "a.png", {
      Origin: "https://evil.example",
    });
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    const plain = await t.request("/backend/posts/upload-auth", { headers: bearer(user) });
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
    const other = await t.request("/backend/api/courses", { headers: { Origin: "https://app.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const otherPreflight = await preflight("/backend/posts", "https://app.example", "POST");
    expect(otherPreflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("absolute upload URLs in a post: stored as paths", () => {
  it("a cover, a picture and a video given by the URLs uploads answer are kept as /media paths", async () => {
    const picture = (await (await upload(await uploadAuth(), blob(await pngImage(40, 30)))).json()) as { url: string };
    const video = (await (await upload(await uploadAuth(), blob(webmBytes(), "video/webm"), "clip.webm")).json()) as {
      url: string;
    };
    expect(picture.url).toMatch(/^https:\/\/academy\.example\/media\/uploads\//);
    const res = await t.request("/backend/posts", {
      method: "POST",
      headers: bearer(user),
      json: {
        img: picture.url,
        title: `Absolute uploads ${Date.now()}`,
        category: [],
        desc: "",
        content:
          `<p>Look:</p><img src="${picture.url}" alt="A gradient">` +
          `<video src="${video.url}" poster="${picture.url}" controls></video>` +
          `<img src="https://elsewhere.example/media/uploads/x.png" alt="">`,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const post = (await res.json()) as { slug: string; img: string };
    const [row] = await t.db.select().from(posts).where(eq(posts.slug, post.slug));
    const path = new URL(picture.url).pathname;
    expect(row!.img).toBe(path);
    expect(row!.content).toContain(`<img src="${path}" alt="A gradient" />`);
    expect(row!.content).toContain(`src="${new URL(video.url).pathname}"`);
    expect(row!.content).toContain(`poster="${path}"`);
    expect(row!.content).not.toContain("academy.example");
    // another site's address is not ours: it stays as written
    expect(row!.content).toContain("https://elsewhere.example/media/uploads/x.png");
  });
});

describe("ImageKit's folder and tags (issue 29; decision 065)", () => {
  interface Answer {
    fileId: string;
    name: string;
    url: string;
    filePath: string;
    thumbnailUrl: string;
    tags: string[] | null;
  }
  const png = () => pngImage(32, 24).then((bytes) => blob(bytes));

  it("stores the file in the folder, keeps the tags beside it, and answers filePath and tags as ImageKit does", async () => {
    const auth = await uploadAuth();
    const res = await upload(
      auth,
      await png(),
      "a.png",
      {},
      { folder: "/Blog//2026_spring-posts/", tags: " summer, beach,,summer " },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.filePath).toBe(`/uploads/Blog/2026_spring-posts/${body.name}`);
    expect(body.url).toBe(`https://academy.example/media/uploads/Blog/2026_spring-posts/${body.name}`);
    expect(body.thumbnailUrl).toBe(`${body.url}?tr=w-256`);
    expect(body.tags).toEqual(["summer", "beach"]);
    // on disk in the folder, served at its URL, resized there too
    const dir = path.join(uploadsDir(), "Blog", "2026_spring-posts");
    expect(existsSync(path.join(dir, body.name))).toBe(true);
    expect((await t.request(body.url)).status).toBe(200);
    expect((await t.request(body.thumbnailUrl)).status).toBe(200);
    const [row] = await t.db.select().from(uploadTokens).where(eq(uploadTokens.token, auth.token));
    expect(row!.fileKey).toBe(`uploads/Blog/2026_spring-posts/${body.name}`);
    // the tags are kept with the file (its details, as ImageKit keeps them), which /media does not serve
    expect(JSON.parse(readFileSync(path.join(dir, `${body.fileId}.json`), "utf8"))).toEqual({
      fileId: body.fileId,
      name: body.name,
      filePath: body.filePath,
      tags: ["summer", "beach"],
    });
    expect((await t.request(`/media/uploads/Blog/2026_spring-posts/${body.fileId}.json`)).status).toBe(404);
  });

  it("no folder (absent, empty or /) is the uploads folder; no tags answer null and keep nothing beside the file", async () => {
    for (const fields of [{}, { folder: "" }, { folder: "///" }, { tags: " , ," }]) {
      const res = await upload(await uploadAuth(), await png(), "a.png", {}, fields);
      expect(res.status, JSON.stringify(fields)).toBe(200);
      const body = (await res.json()) as Answer;
      expect(body.filePath).toBe(`/uploads/${body.name}`);
      expect(body.tags).toBeNull();
      expect(existsSync(path.join(uploadsDir(), `${body.fileId}.json`))).toBe(false);
    }
  });

  it("refuses a folder that could leave the uploads folder, or breaks ImageKit's rule, with a 400 naming it; the token stays usable", async () => {
    const auth = await uploadAuth();
    const before = storedFiles().length;
    for (const folder of [
      "../../etc",
      "..",
      "blog/../../etc",
      "./blog",
      "blog/.",
      "..\\..\\etc",
      "%2e%2e/etc",
      "blog posts",
      "blog~",
    ]) {
      const res = await upload(auth, await png(), "a.png", {}, { folder });
      await expectRefused(res, 400, /^folder may contain only letters, digits/);
    }
    await expectRefused(
      await upload(auth, await png(), "a.png", {}, { folder: "a".repeat(201) }),
      400,
      /^folder must be at most 200 characters/,
    );
    // nothing stored, nothing outside the media folder, and the token was not used up
    expect(storedFiles().length).toBe(before);
    expect(existsSync(path.join(t.env.DATA_DIR, "etc"))).toBe(false);
    expect(existsSync(path.join(t.env.DATA_DIR, "media", "etc"))).toBe(false);
    const [row] = await t.db.select().from(uploadTokens).where(eq(uploadTokens.token, auth.token));
    expect(row!.usedAt).toBeNull();
    expect((await upload(auth, await png(), "a.png", {}, { folder: "etc" })).status).toBe(200);
  });

  it("refuses tags with % or control characters, or over 500 characters in all, with a 400 naming them", async () => {
    const auth = await uploadAuth();
    await expectRefused(
      await upload(auth, await png(), "a.png", {}, { tags: "ok,50%off" }),
      400,
      /^tags may not contain "%"/,
    );
    await expectRefused(
      await upload(auth, await png(), "a.png", {}, { tags: "a\tb" }),
      400,
      /^tags may not contain control/,
    );
    await expectRefused(
      await upload(auth, await png(), "a.png", {}, { tags: `${"x".repeat(250)},${"y".repeat(251)}` }),
      400,
      /^tags may have at most 500 characters/,
    );
    const res = await upload(auth, await png(), "a.png", {}, { tags: `${"x".repeat(250)},${"y".repeat(250)}` });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).tags).toEqual(["x".repeat(250), "y".repeat(250)]);
  });

  it("a video and its poster uploaded into a folder can be put in a post", async () => {
    const folder = { folder: "clips/2026" };
    const picture = (await (await upload(await uploadAuth(), await png(), "a.png", {}, folder)).json()) as Answer;
    const video = (await (
      await upload(await uploadAuth(), blob(webmBytes(), "video/webm"), "clip.webm", {}, folder)
    ).json()) as Answer;
    const res = await t.request("/backend/posts", {
      method: "POST",
      headers: bearer(user),
      json: {
        img: "",
        title: `Folder uploads ${Date.now()}`,
        category: [],
        desc: "",
        content: `<p>Watch:</p><video src="${video.url}" poster="${picture.url}" controls></video>`,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { slug } = (await res.json()) as { slug: string };
    const [row] = await t.db.select().from(posts).where(eq(posts.slug, slug));
    expect(row!.content).toContain(`src="/media/uploads/clips/2026/${video.name}"`);
    expect(row!.content).toContain(`poster="/media/uploads/clips/2026/${picture.name}"`);
  });
});
