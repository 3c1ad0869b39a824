// /media with and without ?tr= (architecture "Media"; issue 8 "Delivery"), through the real app.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { MAX_OUTPUT_PIXELS } from "../../contract/lib/media.ts";
import { parseEnv } from "../env.ts";
import { createLocalStore } from "../integrations/media/local-store.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDerivatives, derivativeRoot, type DerivativeOptions } from "../integrations/media/derivatives.ts";
import { imageRenderer, MAX_DIMENSION } from "../integrations/media/image-transform.ts";
import { pngImage, pngClaiming, truncatedPng } from "../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createMediaRoutes, derivativeOptions, parseRange } from "./media.ts";

let t: TestApp;
/** 1000 bytes, each its index mod 256: a part is easy to check. */
const VIDEO_BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);
const VIDEO = "/media/uploads/0123456789abcdef01234567.webm";
let media: string;
const put = (name: string, bytes: Uint8Array | string) => {
  const file = path.join(media, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
};
const cacheFiles = () => {
  try {
    return readdirSync(derivativeRoot(t.env.DATA_DIR));
  } catch {
    return [];
  }
};
const imageOf = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata();

beforeAll(async () => {
  t = await createTestApp();
  media = path.join(t.env.DATA_DIR, "media");
  put("photo.png", await pngImage(800, 600));
  put("small.png", await pngImage(100, 50));
  put(
    "art/logo.svg",
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#c33"/></svg>',
  );
  put("clip.mp4", "not really a video");
  put("uploads/0123456789abcdef01234567.webm", VIDEO_BYTES);
  put("broken.png", await truncatedPng());
  put("fake.jpg", "<html>not an image</html>");
  put("bomb.png", pngClaiming(20_000, 20_000));
  put(
    "bomb.svg",
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>',
  );
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

describe("GET /media without tr", () => {
  it("never serves a lesson's files: they go only through the learning API, to those allowed (issue 31)", async () => {
    const id = "0123456789abcdef01234567";
    put(`videos/${id}/poster.jpg`, await pngImage(10, 10));
    put(`video-sources/${id}-ab12cd34.mp4`, "a source");
    put(`materials/${id}.png`, await pngImage(10, 10));
    for (const url of [
      `/media/videos/${id}/poster.jpg`,
      `/media/video-sources/${id}-ab12cd34.mp4`,
      `/media/materials/${id}.png`,
      `/media/tr:w-100/videos/${id}/poster.jpg`,
      `/media/art/../videos/${id}/poster.jpg`,
    ]) {
      expect((await t.request(url)).status, url).toBe(404);
    }
  });

  it("serves the file as stored, with a weak ETag and a day's caching", async () => {
    const res = await t.request("/media/photo.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("etag")).toMatch(/^W\//);
    expect(await imageOf(res)).toMatchObject({ format: "png", width: 800, height: 600 });
  });
});

describe("GET /media with Range (videos)", () => {
  const get = (range?: string, extra: Record<string, string> = {}) =>
    t.request(VIDEO, { headers: { ...(range ? { Range: range } : {}), "Accept-Encoding": "gzip, br", ...extra } });
  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

  it("serves a video whole with Accept-Ranges, its type and the usual caching", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-type")).toBe("video/webm");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("content-length")).toBe("1000");
    expect(await bytesOf(res)).toEqual(VIDEO_BYTES);
    const mp4 = await t.request("/media/clip.mp4");
    expect(mp4.headers.get("content-type")).toBe("video/mp4");
    expect(mp4.headers.get("accept-ranges")).toBe("bytes");
  });

  it("answers bytes=a-b with 206 and exactly those bytes", async () => {
    const res = await get("bytes=10-19");
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect(res.headers.get("content-length")).toBe("10");
    expect(res.headers.get("content-type")).toBe("video/webm");
    expect(res.headers.get("etag")).toMatch(/^W\//);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await bytesOf(res)).toEqual(VIDEO_BYTES.slice(10, 20));
    // an end past the file is cut at its last byte
    const tail = await get("bytes=990-5000");
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect(await bytesOf(tail)).toEqual(VIDEO_BYTES.slice(990));
  });

  it("answers bytes=a- (to the end) and bytes=-n (the last n bytes)", async () => {
    const from = await get("bytes=900-");
    expect(from.status).toBe(206);
    expect(from.headers.get("content-range")).toBe("bytes 900-999/1000");
    expect(await bytesOf(from)).toEqual(VIDEO_BYTES.slice(900));
    const first = await get("bytes=0-");
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe("bytes 0-999/1000");
    const last = await get("bytes=-5");
    expect(last.status).toBe(206);
    expect(last.headers.get("content-range")).toBe("bytes 995-999/1000");
    expect(await bytesOf(last)).toEqual(VIDEO_BYTES.slice(995));
    const more = await get("bytes=-5000");
    expect(more.headers.get("content-range")).toBe("bytes 0-999/1000");
  });

  it("answers 416 with the size for a range past the end, with the versioned caching kept", async () => {
    for (const range of ["bytes=1000-", "bytes=5000-6000", "bytes=-0"]) {
      const res = await get(range);
      expect(res.status, range).toBe(416);
      expect(res.headers.get("content-range"), range).toBe("bytes */1000");
      expect(await res.text()).toBe("");
    }
    const versioned = await t.request(`${VIDEO}?v=2`, { headers: { Range: "bytes=0-1" } });
    expect(versioned.status).toBe(206);
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves the whole video for a header that is not one byte range, or with If-Range", async () => {
    for (const range of ["bytes=0-1,5-6", "items=0-5", "bytes=9-3", "bytes=", "bytes=a-b"]) {
      const res = await get(range);
      expect(res.status, range).toBe(200);
      expect((await bytesOf(res)).length, range).toBe(1000);
    }
    const res = await get("bytes=0-9", { "If-Range": '"something-else"' });
    expect(res.status).toBe(200);
  });

  it("answers 304 to If-None-Match before looking at Range", async () => {
    const etag = (await get()).headers.get("etag")!;
    expect((await get("bytes=0-9", { "If-None-Match": etag })).status).toBe(304);
  });

  it("never serves pictures in parts", async () => {
    const res = await t.request("/media/photo.png", { headers: { Range: "bytes=0-9" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("accept-ranges")).toBeNull();
  });

  it("parseRange reads one byte range and nothing else", () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=2-", 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=-1", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=1-2, 4-5", 10)).toBeNull();
    expect(parseRange("bytes=-", 10)).toBeNull();
  });
});

describe("GET /media with tr", () => {
  it("resizes to WebP at the asked size snapped up to a step (maintain_ratio crops to cover w×h)", async () => {
    const res = await t.request("/media/photo.png?tr=w-600,h-400,q-20");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(await imageOf(res)).toMatchObject({ format: "webp", width: 640, height: 427 });
    const exact = await t.request("/media/photo.png?tr=w-640,h-427,q-20");
    expect(exact.headers.get("etag")).toBe(res.headers.get("etag"));
  });

  it("keeps the aspect ratio when only one side is given", async () => {
    expect(await imageOf(await t.request("/media/photo.png?tr=w-200"))).toMatchObject({ width: 256, height: 192 });
    expect(await imageOf(await t.request("/media/photo.png?tr=h-60"))).toMatchObject({ width: 85, height: 64 });
  });

  it("follows the crop strategies: force, at_max (fit inside, never enlarged), at_least, pad_resize", async () => {
    const size = async (tr: string, file = "photo.png") => {
      const meta = await imageOf(await t.request(`/media/${file}?tr=${tr}`));
      return [meta.width, meta.height];
    };
    expect(await size("w-100,h-100,c-force")).toEqual([128, 128]);
    expect(await size("w-400,h-400,c-at_max")).toEqual([480, 360]);
    expect(await size("w-400,h-400,c-at_max", "small.png")).toEqual([100, 50]);
    expect(await size("w-400,h-400,c-at_least")).toEqual([640, 480]);
    expect(await size("w-300,h-300,cm-pad_resize")).toEqual([384, 384]);
  });

  it("makes the asked format: avif, jpg, png, and auto as WebP", async () => {
    for (const [f, format, type] of [
      ["avif", "heif", "image/avif"],
      ["jpg", "jpeg", "image/jpeg"],
      ["jpeg", "jpeg", "image/jpeg"],
      ["png", "png", "image/png"],
      ["auto", "webp", "image/webp"],
    ]) {
      const res = await t.request(`/media/photo.png?tr=w-40,f-${f}`);
      expect(res.headers.get("content-type"), f).toBe(type);
      expect((await imageOf(res)).format, f).toBe(format);
    }
  });

  it("clamps absurd sizes instead of making them", async () => {
    const res = await t.request("/media/small.png?tr=w-999999,c-force,h-1");
    expect(await imageOf(res)).toMatchObject({ width: MAX_DIMENSION, height: 1 });
  });

  it("rasterizes SVG sources (the seed's images) sharp at the asked size", async () => {
    const res = await t.request("/media/art/logo.svg?tr=w-600");
    expect(res.status).toBe(200);
    const raw = Buffer.from(await res.arrayBuffer());
    expect(await sharp(raw).metadata()).toMatchObject({ format: "webp", width: 640, height: 320 });
    const { dominant } = await sharp(raw).stats();
    expect(dominant.r).toBeGreaterThan(150);
  });

  it("blurs for placeholders: a blurred derivative differs from the sharp one", async () => {
    const sharpBytes = Buffer.from(await (await t.request("/media/photo.png?tr=w-64,q-20")).arrayBuffer());
    const blurred = Buffer.from(await (await t.request("/media/photo.png?tr=w-64,q-20,bl-10")).arrayBuffer());
    expect(await sharp(blurred).metadata()).toMatchObject({ width: 64, height: 48 });
    expect(blurred.equals(sharpBytes)).toBe(false);
  });

  it("makes each derivative once: a repeat is served from the cache file, unchanged", async () => {
    const render = vi.spyOn(imageRenderer, "render");
    const before = new Set(cacheFiles());
    const first = await t.request("/media/photo.png?tr=w-321,h-123");
    expect(first.status).toBe(200);
    const made = cacheFiles().filter((f) => !before.has(f));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^[0-9a-f]{40}\.webp$/);
    const file = path.join(derivativeRoot(t.env.DATA_DIR), made[0]!);
    const mtime = statSync(file).mtimeMs;
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(readFileSync(file).equals(firstBytes)).toBe(true);

    // the same transform, spelt differently, is the same derivative
    const again = await t.request("/media/photo.png?tr=h-123,w-321,q-80,f-auto");
    expect(Buffer.from(await again.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(render).toHaveBeenCalledTimes(1);
    expect(statSync(file).mtimeMs).toBe(mtime);
    expect(cacheFiles().filter((f) => !before.has(f))).toHaveLength(1);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("makes a new derivative when the source changes", async () => {
    put("changing.png", await pngImage(300, 200));
    const a = await t.request("/media/changing.png?tr=w-50");
    put("changing.png", await pngImage(300, 100));
    const b = await t.request("/media/changing.png?tr=w-50");
    expect(b.headers.get("etag")).not.toBe(a.headers.get("etag"));
    expect(await imageOf(b)).toMatchObject({ width: 64, height: 21 });
  });

  it("answers ten concurrent first requests with one render, one cache file and ten whole images", async () => {
    const render = vi.spyOn(imageRenderer, "render");
    const before = new Set(cacheFiles());
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => t.request("/media/photo.png?tr=w-555,h-333,q-50")),
    );
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    for (const [i, res] of responses.entries()) {
      expect(res.status).toBe(200);
      expect(await sharp(bodies[i]).metadata()).toMatchObject({ width: 640, height: 384 });
      expect(bodies[i]!.equals(bodies[0]!)).toBe(true);
    }
    expect(render).toHaveBeenCalledTimes(1);
    expect(cacheFiles().filter((f) => !before.has(f))).toHaveLength(1);
    expect(cacheFiles().some((f) => f.endsWith(".tmp"))).toBe(false);
  });

  it("sends a strong ETag and answers 304 to If-None-Match", async () => {
    const res = await t.request("/media/photo.png?tr=w-100");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const again = await t.request("/media/photo.png?tr=w-100", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await t.request("/media/photo.png?tr=w-200", { headers: { "If-None-Match": etag } });
    expect(other.status).toBe(200);

    // a revalidation never renders, even when the cache has been emptied
    rmSync(derivativeRoot(t.env.DATA_DIR), { recursive: true, force: true });
    const render = vi.spyOn(imageRenderer, "render");
    const listed = await t.request("/media/photo.png?tr=w-100", { headers: { "If-None-Match": `"x", ${etag}` } });
    expect(listed.status).toBe(304);
    expect(listed.headers.get("etag")).toBe(etag);
    expect(render).not.toHaveBeenCalled();
  });

  it("answers HEAD for a cached derivative with its headers and no body", async () => {
    const get = await t.request("/media/photo.png?tr=w-96");
    const bytes = (await get.arrayBuffer()).byteLength;
    const head = await t.request("/media/photo.png?tr=w-96", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes));
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("is cached for a year and immutable when versioned with v, a day otherwise", async () => {
    const versioned = await t.request("/media/photo.png?tr=w-100&v=3");
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const plain = await t.request("/media/photo.png?tr=w-100");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=86400");
  });
});

describe("GET /media with a bad tr or source", () => {
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

  it("answers 400 naming an unknown key or a bad value, and makes nothing", async () => {
    const before = cacheFiles().length;
    for (const [tr, words] of [
      ["w-600,zz-1", '"zz"'],
      ["w-big", '"w-big"'],
      ["f-bmp", '"f-bmp"'],
      ["c-crop", '"c-crop"'],
      ["w-10::h-10", "empty step"],
      ["", "empty step"],
      ["w-10,rt-45", '"rt-45"'],
    ]) {
      const res = await t.request(`/media/photo.png?tr=${encodeURIComponent(tr!)}`);
      expect(res.status, tr).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("bad_request");
      expect(error.message).toContain(words);
    }
    expect(cacheFiles().length).toBe(before);
  });

  it("refuses to transform videos with a 400", async () => {
    const res = await t.request("/media/clip.mp4?tr=w-100");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain("Videos cannot be transformed");
  });

  it("answers 422, never 500, for a source sharp cannot decode or that claims too many pixels", async () => {
    for (const name of ["broken.png", "fake.jpg", "bomb.png", "bomb.svg"]) {
      const res = await t.request(`/media/${name}?tr=w-100`);
      expect(res.status, name).toBe(422);
      const error = await errorOf(res);
      expect(error.code).toBe("unprocessable");
      expect(error.message, name).toMatch(/cannot be decoded|too large to transform/);
    }
    expect(cacheFiles().some((f) => f.endsWith(".tmp"))).toBe(false);
  });

  it("answers 404 for a missing file, and refuses every traversal attempt", async () => {
    writeFileSync(path.join(t.env.DATA_DIR, "secret.png"), await pngImage(20, 20));
    expect((await t.request("/media/nope.png?tr=w-10")).status).toBe(404);
    for (const url of [
      "/media/..%2Fsecret.png?tr=w-10",
      "/media/%2e%2e%2Fsecret.png?tr=w-10",
      "/media/%2e%2e/secret.png?tr=w-10",
      "/media/art/..%2F..%2Fsecret.png?tr=w-10",
      "/media/..%5Csecret.png?tr=w-10",
      `/media/${encodeURIComponent(path.join(t.env.DATA_DIR, "secret.png"))}?tr=w-10`,
    ]) {
      const res = await t.request(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers.get("content-type"), url).not.toMatch(/^image\//);
    }
    // "/media/../x" is "/x" once the URL is parsed: never /media's
    const res = await t.request("/media/../secret.png?tr=w-10");
    expect(res.headers.get("content-type") ?? "").not.toMatch(/^image\//);
  });
});

describe("GET /media in ImageKit's path form and with its other keys", () => {
  it("serves /media/tr:<transform>/<path> as ?tr=<transform> (the same derivative)", async () => {
    const path = await t.request("/media/tr:w-300,h-200/photo.png");
    expect(path.status).toBe(200);
    expect(await imageOf(path)).toMatchObject({ format: "webp", width: 384, height: 256 });
    const query = await t.request("/media/photo.png?tr=w-300,h-200");
    expect(query.headers.get("etag")).toBe(path.headers.get("etag"));
    const nested = await t.request("/media/tr:w-100/art/logo.svg");
    expect(await imageOf(nested)).toMatchObject({ width: 128, height: 64 });
  });

  it("answers 400 for a bad transform in the path, or one given both ways, and 404 for a missing file", async () => {
    const bad = await t.request("/media/tr:w-300,zz-1/photo.png");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('"zz"');
    const both = await t.request("/media/tr:w-300/photo.png?tr=w-200");
    expect(both.status).toBe(400);
    expect((await t.request("/media/tr:w-300/nope.png")).status).toBe(404);
    expect((await t.request("/media/tr:w-300/../secret.png")).status).toBeGreaterThanOrEqual(400);
  });

  it("applies chained steps in order, rotations, grayscale, aspect ratio, dpr, relative sizes and pad colours", async () => {
    const size = async (tr: string) => {
      const meta = await imageOf(await t.request(`/media/photo.png?tr=${tr}`));
      return [meta.width, meta.height];
    };
    expect(await size("w-300,h-200:rt-90")).toEqual([256, 384]);
    expect(await size("w-300,h-200,rt-90")).toEqual([256, 384]);
    expect(await size("w-300,ar-16-9")).toEqual([384, 216]);
    expect(await size("w-300,dpr-2")).toEqual([640, 480]);
    expect(await size("w-0.5")).toEqual([480, 360]);
    const grey = Buffer.from(await (await t.request("/media/photo.png?tr=w-64,e-grayscale,f-png")).arrayBuffer());
    const { channels } = await sharp(grey).stats();
    expect(channels[0]!.mean).toBeCloseTo(channels[1]!.mean, 0);
    expect(channels[1]!.mean).toBeCloseTo(channels[2]!.mean, 0);
    // pad_resize with a red background: the padding (top rows of a wide picture in a square) is red
    const padded = await t.request("/media/photo.png?tr=w-128,h-128,cm-pad_resize,bg-FF0000,f-png");
    const { data, info } = await sharp(Buffer.from(await padded.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([128, 128]);
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
    expect((await t.request("/media/photo.png?tr=w-128,h-128,fo-auto")).status).toBe(200);
  });
});

describe("GET /media: one request cannot tie rendering up", () => {
  const strip = "uploads/0123456789abcdef0123abcd.png";

  beforeAll(async () => {
    put(strip, await pngImage(4000, 40));
  });

  it("answers a capped image for h-2000 of a 4000×40 upload: both sides ≤ 2000, the area capped", async () => {
    const render = vi.spyOn(imageRenderer, "render");
    const res = await t.request(`/media/${strip}?tr=h-2000,f-png`);
    expect(res.status).toBe(200);
    const meta = await imageOf(res);
    // asked: 200,000 × 2,000 (88 s of CPU before); made: the same shape inside the caps
    expect([meta.width, meta.height]).toEqual([2000, 20]);
    // the plan handed to the renderer was capped before any pixel was decoded
    const plan = render.mock.calls[0]![2];
    expect(Math.max(plan.width, plan.height)).toBeLessThanOrEqual(MAX_DIMENSION);
    for (const tr of ["w-2000,h-2000", "h-2000,c-at_least", "w-2000,h-2000,cm-pad_resize", "h-2000,dpr-5", "f-png"]) {
      const other = await imageOf(await t.request(`/media/${strip}?tr=${tr}`));
      expect(other.width! * other.height!, tr).toBeLessThanOrEqual(MAX_OUTPUT_PIXELS);
      expect(Math.max(other.width!, other.height!), tr).toBeLessThanOrEqual(MAX_DIMENSION);
    }
  });

  it("refuses a render with 503 and Retry-After when the slots and the wait list are full", async () => {
    const { app, derivatives, release, started } = await heldApp({ slots: 1, waiting: 1 });
    const first = app.request("/media/photo.png?tr=w-128");
    await started(1);
    const second = app.request("/media/photo.png?tr=w-256");
    await until(() => derivatives.queue.stats().waiting === 1);
    const third = await app.request("/media/photo.png?tr=w-384");
    expect(third.status).toBe(503);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await third.json()) as { error: { message: string } }).error.message).toMatch(/Try again/);
    // the files themselves and cached derivatives still go out
    expect((await app.request("/media/photo.png")).status).toBe(200);
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await app.request("/media/photo.png?tr=w-384")).status).toBe(200);
  });

  it("drops a waiting render when its client goes away, and stops a running one nobody waits for", async () => {
    const { app, derivatives, release, started, signals } = await heldApp({ slots: 1, waiting: 4 });
    const running = new AbortController();
    const first = app.request("/media/photo.png?tr=w-128", { signal: running.signal });
    await started(1);
    const leaving = new AbortController();
    const second = app.request("/media/photo.png?tr=w-256", { signal: leaving.signal });
    await until(() => derivatives.queue.stats().waiting === 1);
    leaving.abort();
    await Promise.resolve(second).catch(() => undefined);
    await until(() => derivatives.queue.stats().waiting === 0);
    // the running render's only client leaves: its render is told to stop
    running.abort();
    await Promise.resolve(first).catch(() => undefined);
    expect(signals[0]!.aborted).toBe(true);
    release();
    await until(() => derivatives.queue.stats().running === 0);
    // the dropped render never started
    expect(signals).toHaveLength(1);
  });

  it("answers 503 when a render takes longer than the render timeout", async () => {
    const { app } = await heldApp({ slots: 1, waiting: 1, timeoutSeconds: 0 });
    vi.restoreAllMocks(); // the real renderer, with a deadline that has already passed
    const res = await app.request("/media/photo.png?tr=w-128");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).not.toBeNull();
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/took too long/);
    // it is not tried again at once: the next ask is answered without taking a slot
    const render = vi.spyOn(imageRenderer, "render");
    const again = await app.request("/media/photo.png?tr=w-128");
    expect(again.status).toBe(503);
    expect(again.headers.get("retry-after")).not.toBeNull();
    expect(render).not.toHaveBeenCalled();
  });
});

describe("GET /media: the resize cache is capped", () => {
  it("keeps at most MEDIA_CACHE_MAX_BYTES, deleting the least recently used derivatives first", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "media-cap-"));
    try {
      // four copies of one picture: their derivatives have the same size and different names
      const png = await pngImage(800, 600);
      for (const name of ["a", "b", "c", "d"]) put2(dataDir, `${name}.png`, png);
      const size = (await (await lightApp(dataDir).app.request("/media/a.png?tr=w-256")).arrayBuffer()).byteLength;
      rmSync(derivativeRoot(dataDir), { recursive: true, force: true });
      const { app, derivatives } = lightApp(dataDir, { cacheMaxBytes: Math.floor(2.5 * size) });
      const etags: Record<string, string> = {};
      const get = async (name: string) => {
        const res = await app.request(`/media/${name}.png?tr=w-256`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        etags[name] = res.headers.get("etag")!.replaceAll('"', "");
      };
      const kept = async () => {
        const names = (await derivatives.cache.names()).map((n) => n.replace(/\.webp$/, ""));
        const onDisk = readdirSync(derivativeRoot(dataDir)).map((n) => n.replace(/\.webp$/, ""));
        expect(onDisk.sort()).toEqual([...names].sort());
        return names.map((n) => Object.keys(etags).find((k) => etags[k] === n));
      };
      await get("a");
      await get("b");
      expect(await kept()).toEqual(["a", "b"]);
      await get("c"); // three do not fit: a, the least recently used, goes
      expect(await kept()).toEqual(["b", "c"]);
      await get("b"); // a hit: b is now the most recently used
      expect(await kept()).toEqual(["c", "b"]);
      await get("d"); // c goes, not b
      expect(await kept()).toEqual(["b", "d"]);
      expect((await derivatives.cache.size()).bytes).toBeLessThanOrEqual(2.5 * size);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("makes one derivative for asks that snap to the same step (w-300, w-384, w-0.48 of 800 px)", async () => {
    const render = vi.spyOn(imageRenderer, "render");
    const etags = new Set<string>();
    for (const tr of ["w-300", "w-384", "w-0.48", "w-350,q-79"]) {
      const res = await t.request(`/media/photo.png?tr=${tr}`);
      expect(await imageOf(res), tr).toMatchObject({ width: 384, height: 288 });
      etags.add(res.headers.get("etag")!);
    }
    expect(etags.size).toBe(1);
    expect(render.mock.calls.length).toBeLessThanOrEqual(1);
  });
});

function put2(dataDir: string, name: string, bytes: Uint8Array) {
  mkdirSync(path.join(dataDir, "media"), { recursive: true });
  writeFileSync(path.join(dataDir, "media", name), bytes);
}

/** /media alone (no database) on `dataDir`, with its own derivatives and settings. */
function lightApp(dataDir: string, options: Partial<DerivativeOptions> = {}) {
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir });
  const derivatives = createDerivatives({ ...derivativeOptions(env), ...options });
  const app = new Hono().route("/media", createMediaRoutes({ env }, createLocalStore(dataDir), derivatives));
  return { app, derivatives };
}

/** /media over the test app's files, with every render held until `release()`. */
async function heldApp(options: { slots: number; waiting: number; timeoutSeconds?: number }) {
  const { app, derivatives } = lightApp(t.env.DATA_DIR, {
    renderSlots: options.slots,
    renderQueue: options.waiting,
    renderTimeoutSeconds: options.timeoutSeconds ?? 20,
    // a fresh cache folder: nothing is a hit
    dataDir: mkdtempSync(path.join(os.tmpdir(), "media-held-")),
  });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const signals: AbortSignal[] = [];
  vi.spyOn(imageRenderer, "render").mockImplementation(async (_source, _info, _plan, opts) => {
    signals.push(opts.signal!);
    await gate;
    return sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
      .webp()
      .toBuffer();
  });
  return { app, derivatives, release, signals, started: (n: number) => until(() => signals.length >= n) };
}

/** Waits until `ok()` holds (polling; a bound only so that a broken test ends, no speed is asserted). */
async function until(ok: () => boolean) {
  for (let i = 0; i < 2000 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, i < 100 ? 0 : 10));
  expect(ok()).toBe(true);
}
