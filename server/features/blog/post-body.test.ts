// A post body as the post page shows it (decision 027): which pictures are ours, what each is given,
// their sizes read from the files (and kept), the alt text an uploaded picture needs, and, through the
// real app, a post written with an uploaded 2400×1600 photo and a player as its page renders it
// (also a post stored before this, as the seed and older versions wrote them).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../../app/routes/post.tsx";
import { AUTHORING_MESSAGES as M, type PostDetail } from "../../../contract/blog/blog.ts";
import { bearer, createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { makePost } from "../../../tests/support/factories.ts";
import { pageContext } from "../../../tests/support/page-action.ts";
import { photoJpeg, pngImage } from "../../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { assertNothingExecutable } from "../../../tests/support/xss-corpus.ts";
import { posts } from "../../db/schema.ts";
import { createLocalStore } from "../../integrations/media/local-store.ts";
import { createImageSizes } from "./image-sizes.ts";
import { BODY_SIZES, ownPicturePath, pagePicture, uploadedPicturesWithoutAlt } from "./post-body.ts";

const SITE = "https://academy.example";

describe("ownPicturePath: the pictures of ours", () => {
  it("a /media path, or an absolute URL on the site's own origin without a query", () => {
    expect(ownPicturePath("/media/uploads/a.jpg", SITE)).toBe("/media/uploads/a.jpg");
    expect(ownPicturePath("/media/seed/figure-x.svg", SITE)).toBe("/media/seed/figure-x.svg");
    expect(ownPicturePath("https://academy.example/media/uploads/a.jpg", SITE)).toBe("/media/uploads/a.jpg");
    expect(ownPicturePath("https://academy.example/media/uploads/a.jpg", `${SITE}/`)).toBe("/media/uploads/a.jpg");
  });

  it("not another site's, nor another port or scheme, nor one with a query, credentials or another path", () => {
    for (const src of [
      "https://evil.example/media/uploads/a.jpg",
      "http://academy.example/media/uploads/a.jpg",
      "https://academy.example:8443/media/uploads/a.jpg",
      "https://academy.example/media/uploads/a.jpg?tr=w-10",
      "https://academy.example/media/uploads/a.jpg#x",
      "https://u:p@academy.example/media/uploads/a.jpg",
      "https://academy.example/backend/x.png",
      "/backend/x.png",
      "/media/a b.png",
      "not a url",
    ]) {
      expect(ownPicturePath(src, SITE), src).toBeNull();
    }
  });
});

describe("pagePicture: what a picture of ours is given", () => {
  it("a large photo: the size steps from 384 to 1200, 828 by default, its own size, the placeholder", () => {
    const p = pagePicture("/media/uploads/a.jpg", { width: 2400, height: 1600, resizable: true });
    expect(p).toEqual({
      src: "/media/uploads/a.jpg?tr=w-828&v=1",
      srcset: [384, 480, 640, 750, 828, 1080, 1200].map((w) => `/media/uploads/a.jpg?tr=w-${w}&v=1 ${w}w`).join(", "),
      sizes: BODY_SIZES,
      width: 2400,
      height: 1600,
      placeholder: "/media/uploads/a.jpg?tr=w-32,q-20,bl-10&v=1",
    });
  });

  it("a smaller picture is never asked for wider than it is (every size a step /media keeps)", () => {
    const p = pagePicture("/media/seed/s.png", { width: 700, height: 140, resizable: true });
    expect(p.srcset).toBe(
      "/media/seed/s.png?tr=w-384 384w, /media/seed/s.png?tr=w-480 480w, /media/seed/s.png?tr=w-640 640w",
    );
    expect(p.src).toBe("/media/seed/s.png?tr=w-640");
    // below the first step of the srcset: one copy at the largest step it holds
    const small = pagePicture("/media/seed/t.png", { width: 300, height: 100, resizable: true });
    expect(small).toMatchObject({ src: "/media/seed/t.png?tr=w-256", width: 300, height: 100 });
    expect(small.srcset).toBeUndefined();
    expect(small.sizes).toBeUndefined();
    // smaller than every step: the file as it is
    expect(pagePicture("/media/seed/u.png", { width: 12, height: 12, resizable: true })).toEqual({
      src: "/media/seed/u.png",
      width: 12,
      height: 12,
    });
  });

  it("one that is not to be resized keeps its file and gets its size; an unknown one only its file", () => {
    expect(pagePicture("/media/seed/f.svg", { width: 1200, height: 675, resizable: false })).toEqual({
      src: "/media/seed/f.svg",
      width: 1200,
      height: 675,
    });
    expect(pagePicture("/media/uploads/gone.png", null)).toEqual({ src: "/media/uploads/gone.png" });
  });
});

describe("uploadedPicturesWithoutAlt", () => {
  it("an uploaded picture (path or the site's URL) with no alt, or only spaces; others are not asked", () => {
    const html =
      '<img src="/media/uploads/a.png" alt="A chart"><img src="/media/uploads/b.png">' +
      '<img src="/media/uploads/c.png" alt="  "><img src="https://academy.example/media/uploads/d.png" alt="">' +
      '<img src="https://cdn.example.com/e.png"><img src="/media/seed/f.svg" alt="">';
    expect(uploadedPicturesWithoutAlt(html, SITE)).toEqual([
      "/media/uploads/b.png",
      "/media/uploads/c.png",
      "https://academy.example/media/uploads/d.png",
    ]);
  });
});

describe("createImageSizes: sizes from the files, kept", () => {
  let dataDir: string;
  const upload = (name: string, bytes: Uint8Array) => {
    mkdirSync(path.join(dataDir, "media", "uploads"), { recursive: true });
    writeFileSync(path.join(dataDir, "media", "uploads", name), bytes);
  };
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-sizes-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("reads width and height, turned as the EXIF orientation says; SVG and animated pictures are not resized", async () => {
    upload("wide.png", await pngImage(300, 200));
    upload(
      "turned.jpg",
      await sharp(await pngImage(300, 200))
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    mkdirSync(path.join(dataDir, "media", "seed"), { recursive: true });
    writeFileSync(
      path.join(dataDir, "media", "seed", "figure.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><rect width="1200" height="675"/></svg>',
    );
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 4, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#f00"), await frame("#00f")], { join: { animated: true } })
      .gif()
      .toBuffer();
    upload("moving.gif", animated);
    const sizes = createImageSizes({ dataDir, store: createLocalStore(dataDir), maxPixels: 40_000_000 });
    const found = await sizes.lookupMany([
      "/media/uploads/wide.png",
      "/media/uploads/turned.jpg",
      "/media/seed/figure.svg",
      "/media/uploads/moving.gif",
      "/media/uploads/missing.png",
      "/media/../pglite/x.png",
    ]);
    expect(Object.fromEntries(found)).toEqual({
      "/media/uploads/wide.png": { width: 300, height: 200, resizable: true },
      "/media/uploads/turned.jpg": { width: 200, height: 300, resizable: true },
      "/media/seed/figure.svg": { width: 1200, height: 675, resizable: false },
      "/media/uploads/moving.gif": { width: 40, height: 30, resizable: false },
      "/media/uploads/missing.png": null,
      "/media/../pglite/x.png": null,
    });
  });

  it("keeps what it read (the file is not read again), the least recently used going first beyond the bound", async () => {
    upload("kept.png", await pngImage(64, 48));
    upload("other.png", await pngImage(10, 10));
    const sizes = createImageSizes({ dataDir, store: createLocalStore(dataDir), maxPixels: 40_000_000, maxEntries: 1 });
    expect((await sizes.lookupMany(["/media/uploads/kept.png"])).get("/media/uploads/kept.png")).toMatchObject({
      width: 64,
    });
    rmSync(path.join(dataDir, "media", "uploads", "kept.png"));
    // still known: from memory
    expect((await sizes.lookupMany(["/media/uploads/kept.png"])).get("/media/uploads/kept.png")).toMatchObject({
      width: 64,
    });
    // another picture pushes it out (a bound of one): now it is looked for again, and gone
    await sizes.lookupMany(["/media/uploads/other.png"]);
    expect((await sizes.lookupMany(["/media/uploads/kept.png"])).get("/media/uploads/kept.png")).toBeNull();
  });

  it("asks again for a picture it could not read once the miss has expired", async () => {
    const sizes = createImageSizes({ dataDir, store: createLocalStore(dataDir), maxPixels: 40_000_000, missMs: 0 });
    expect((await sizes.lookupMany(["/media/uploads/later.png"])).get("/media/uploads/later.png")).toBeNull();
    upload("later.png", await pngImage(20, 10));
    expect((await sizes.lookupMany(["/media/uploads/later.png"])).get("/media/uploads/later.png")).toEqual({
      width: 20,
      height: 10,
      resizable: true,
    });
  });

  it("looks up at most maxPerBody pictures of one body", async () => {
    const sizes = createImageSizes({ dataDir, store: createLocalStore(dataDir), maxPixels: 40_000_000, maxPerBody: 2 });
    const found = await sizes.lookupMany(["/media/uploads/wide.png", "/media/uploads/a.png", "/media/uploads/b.png"]);
    expect([...found.keys()]).toEqual(["/media/uploads/wide.png", "/media/uploads/a.png"]);
  });
});

describe("the post page through the real app", () => {
  let t: TestApp;
  let writer: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    writer = await createAccount(t);
  }, 60_000);
  afterAll(() => t.close());

  async function uploadPicture(bytes: Uint8Array, name: string): Promise<string> {
    const auth = (await (await t.request("/backend/posts/upload-auth", { headers: bearer(writer) })).json()) as Record<
      string,
      string
    >;
    const form = new FormData();
    form.set("file", new Blob([Uint8Array.from(bytes)]), name);
    form.set("fileName", name);
    for (const [k, v] of Object.entries(auth)) form.set(k, String(v));
    const res = await t.request("/backend/api/v1/files/upload", { method: "POST", body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { url: string }).url;
  }

  /** The post page's loader for an anonymous reader: what the page shows. */
  async function page(slug: string) {
    const context = pageContext(t, null);
    const request = new Request(`http://localhost/${slug}`);
    const data = await loader({
      request,
      params: { slug },
      context,
      url: new URL(request.url),
      pattern: "/:slug",
    } as never);
    return data as Exclude<typeof data, Response> & { post: PostDetail };
  }

  it("an uploaded 2400×1600 photo is shown in sizes with its own width and height, lazily, over its placeholder", async () => {
    const url = await uploadPicture(await photoJpeg(), "photo.jpg");
    const name = /\/media\/uploads\/[a-z0-9]+\.jpg$/.exec(url)![0];
    const res = await t.request("/backend/posts", {
      method: "POST",
      headers: bearer(writer),
      json: {
        title: `A photo ${Date.now()}`,
        content:
          `<p>Look:</p><img src="${url}" alt="Our studio">` +
          '<div data-youtube-video><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Our demo day"></iframe></div>',
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const post = (await res.json()) as PostDetail;
    // the API keeps the body as stored (sanitized; this site's address written as its path, decision 026)
    expect(post.content).toContain(`<img src="${name}" alt="Our studio" />`);

    const html = (await page(post.slug)).post.content;
    const img = /<img [^>]*>/.exec(html)![0];
    expect(img).toContain(`src="${name}?tr=w-828&amp;v=1"`);
    expect(img).toContain(`srcset="${name}?tr=w-384&amp;v=1 384w, ${name}?tr=w-480&amp;v=1 480w`);
    expect(img).toContain(`${name}?tr=w-1200&amp;v=1 1200w"`);
    expect(img).toContain(`sizes="${BODY_SIZES}"`);
    expect(img).toContain('width="2400" height="1600" loading="lazy" decoding="async"');
    expect(img).toContain(`style="background-image:url(&quot;${name}?tr=w-32,q-20,bl-10&amp;v=1&quot;)"`);
    expect(img).toContain('alt="Our studio"');
    expect(html).not.toContain("<iframe");
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" class="video-play" data-embed="https://www.youtube.com/embed/dQw4w9WgXcQ"',
    );
    expect(html).toContain(">Play video: Our demo day</a>");
    assertNothingExecutable(html);

    // each size the page asks for is a real, small picture
    const small = await t.request(`${name}?tr=w-480&v=1`);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    const bytes = new Uint8Array(await small.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(480);
    expect(bytes.length).toBeLessThan(100_000);
  });

  it("posts stored before (an absolute address of the site, alt left empty, an outside picture) are shown the same way", async () => {
    const url = await uploadPicture(await pngImage(900, 600), "chart.png");
    const name = /\/media\/uploads\/[a-z0-9]+\.png$/.exec(url)![0];
    const [stored] = await t.db
      .insert(posts)
      .values(
        makePost(writer.id, {
          content: `<p>Old</p><img src="${new URL(name, t.env.PUBLIC_URL).href}" alt=""><img src="https://cdn.example.com/x.png">`,
        }),
      )
      .returning();
    const html = (await page(stored!.slug)).post.content;
    expect(html).toContain(`<img src="${name}?tr=w-828&amp;v=1" srcset="${name}?tr=w-384&amp;v=1 384w`);
    expect(html).toContain(`${name}?tr=w-828&amp;v=1 828w"`);
    expect(html).toContain('alt="" width="900" height="600" loading="lazy"');
    expect(html).toContain('<img src="https://cdn.example.com/x.png" loading="lazy" decoding="async" />');
    // (the stored row is as it was)
    const [row] = await t.db.select({ content: posts.content }).from(posts).where(eq(posts.id, stored!.id));
    expect(row!.content).toContain('alt=""');
  });

  it("POST /posts refuses an uploaded picture without alt text with a 422 that says what to do", async () => {
    const url = await uploadPicture(await pngImage(40, 30), "a.png");
    for (const img of [`<img src="${url}">`, `<img src="${url}" alt="">`, `<img src="${url}" alt="   ">`]) {
      const res = await t.request("/backend/posts", {
        method: "POST",
        headers: bearer(writer),
        json: { title: "No alt", content: `<p>Hi</p>${img}` },
      });
      expect(res.status, img).toBe(422);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(M.altMissing);
    }
  });
});
