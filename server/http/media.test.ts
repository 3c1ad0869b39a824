// /media with and without ?tr= (architecture "Media"; issue 8 "Delivery"), through the real app.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { derivativeRoot, imageRenderer, MAX_DIMENSION } from "../integrations/media/image-transform.ts";
import { pngImage, pngClaiming, truncatedPng } from "../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { parseRange } from "./media.ts";

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
  it("resizes to WebP at the asked size (maintain_ratio crops to cover w×h)", async () => {
    const res = await t.request("/media/photo.png?tr=w-600,h-400,q-20");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(await imageOf(res)).toMatchObject({ format: "webp", width: 600, height: 400 });
  });

  it("keeps the aspect ratio when only one side is given", async () => {
    expect(await imageOf(await t.request("/media/photo.png?tr=w-200"))).toMatchObject({ width: 200, height: 150 });
    expect(await imageOf(await t.request("/media/photo.png?tr=h-60"))).toMatchObject({ width: 80, height: 60 });
  });

  it("follows the crop strategies: force, at_max (fit inside, never enlarged), at_least, pad_resize", async () => {
    const size = async (tr: string, file = "photo.png") => {
      const meta = await imageOf(await t.request(`/media/${file}?tr=${tr}`));
      return [meta.width, meta.height];
    };
    expect(await size("w-100,h-100,c-force")).toEqual([100, 100]);
    expect(await size("w-400,h-400,c-at_max")).toEqual([400, 300]);
    expect(await size("w-400,h-400,c-at_max", "small.png")).toEqual([100, 50]);
    expect(await size("w-400,h-400,c-at_least")).toEqual([533, 400]);
    expect(await size("w-300,h-300,cm-pad_resize")).toEqual([300, 300]);
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
    expect(await sharp(raw).metadata()).toMatchObject({ format: "webp", width: 600, height: 300 });
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
    expect(await imageOf(b)).toMatchObject({ width: 50, height: 17 });
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
      expect(await sharp(bodies[i]).metadata()).toMatchObject({ width: 555, height: 333 });
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
    const other = await t.request("/media/photo.png?tr=w-101", { headers: { "If-None-Match": etag } });
    expect(other.status).toBe(200);

    // a revalidation never renders, even when the cache has been emptied
    rmSync(derivativeRoot(t.env.DATA_DIR), { recursive: true, force: true });
    const render = vi.spyOn(imageRenderer, "render");
    const listed = await t.request("/media/photo.png?tr=w-100", { headers: { "If-None-Match": `"x", ${etag}` } });
    expect(listed.status).toBe(304);
    expect(listed.headers.get("etag")).toBe(etag);
    expect(render).not.toHaveBeenCalled();
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
      ["w-10:h-10", "Chained"],
      ["", "key-value"],
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
