// ImageKit's own client libraries, unchanged, against this site over real HTTP (decision 014: "its client
// libraries, pointed at this site, work unchanged"; issue 15; decision 026): which calls work and how
// they are pointed here. docs/images.md lists the same.
//   @imagekit/javascript 5 (browser): buildSrc (query and path form, absolute src), getResponsiveImageAttributes,
//     upload given an `xhr` whose open() goes to this site (it opens ImageKit's host otherwise);
//   @imagekit/nodejs 7 (server): helper.buildSrc, files.upload with baseURL = PUBLIC_URL/backend;
//   imagekit 6 (the older Node SDK): url() (path form by default), upload with uploadEndpoint.
import { createServer } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { buildSrc, getResponsiveImageAttributes, upload as browserUpload } from "@imagekit/javascript";
import ImageKitNode, { toFile } from "@imagekit/nodejs";
import ImageKitLegacy from "imagekit";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { pngImage } from "../../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

interface Auth {
  token: string;
  expire: number;
  signature: string;
}
interface Uploaded {
  url: string;
  thumbnailUrl?: string;
  filePath: string;
  name: string;
  width?: number;
  height?: number;
}

let t: TestApp;
let user: TestAccount;
let server: ServerType;
/** PUBLIC_URL: the address the server really listens on */
let site: string;
let urlEndpoint: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  urlEndpoint = `${site}/media`;
  t = await createTestApp({ PUBLIC_URL: site });
  user = await createAccount(t);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" }, () => resolve());
  });
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

async function uploadAuth(): Promise<Auth> {
  const res = await fetch(`${site}/backend/posts/upload-auth`, { headers: bearer(user) });
  expect(res.status).toBe(200);
  return (await res.json()) as Auth;
}

/** GETs `url` from the running site: 200 and a picture of that size. */
async function picture(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

/**
 * What a browser page does with the browser SDK: an XMLHttpRequest whose open() goes to this site's
 * upload endpoint whatever URL the SDK gives (it gives ImageKit's). Node has no XMLHttpRequest: this one
 * implements the part the SDK uses over fetch, and records the URL the SDK asked for.
 */
class ToThisSite {
  askedUrl = "";
  status = 0;
  responseText = "";
  upload: { onprogress?: (e: unknown) => void } = {};
  onload?: () => void;
  onerror?: (e: unknown) => void;
  private headers = new Headers();
  private listeners: (() => void)[] = [];
  private method = "POST";
  open(method: string, url: string) {
    this.method = method;
    this.askedUrl = url;
  }
  addEventListener(type: string, fn: () => void) {
    if (type === "loadend") this.listeners.push(fn);
  }
  abort() {}
  getAllResponseHeaders() {
    return [...this.headers].map(([k, v]) => `${k}: ${v}`).join("\r\n");
  }
  send(body: FormData) {
    fetch(`${site}/backend/api/v1/files/upload`, { method: this.method, body }).then(
      async (res) => {
        this.status = res.status;
        this.headers = res.headers;
        this.responseText = await res.text();
        this.onload?.();
        for (const fn of this.listeners) fn();
      },
      (err: unknown) => this.onerror?.(err),
    );
  }
}

let uploaded: Uploaded;

describe("@imagekit/javascript (the browser SDK)", () => {
  it("upload() given an xhr that opens this site's endpoint: the file is stored, the answer is ImageKit's", async () => {
    const xhr = new ToThisSite();
    const png = await pngImage(800, 600);
    const res = (await browserUpload({
      file: new Blob([png], { type: "image/png" }) as File,
      fileName: "photo.png",
      publicKey: "unused_by_this_site", // the SDK insists on one
      ...(await uploadAuth()),
      xhr: xhr as unknown as XMLHttpRequest,
    })) as unknown as Uploaded;
    expect(xhr.askedUrl).toBe("https://upload.imagekit.io/api/v1/files/upload");
    expect(res.url).toMatch(new RegExp(`^${site}/media/uploads/[0-9a-f]{24}\\.png$`));
    expect(res).toMatchObject({ width: 800, height: 600 });
    expect(await picture(res.url)).toMatchObject({ width: 800, height: 600 });
    expect(await picture(res.thumbnailUrl!)).toMatchObject({ width: 256 });
    uploaded = res;
  });

  it("upload() with the file as base64 text, and its refusals as ImageKitInvalidRequestError with our message", async () => {
    const png = await pngImage(40, 30);
    const res = (await browserUpload({
      file: `data:image/png;base64,${Buffer.from(png).toString("base64")}`,
      fileName: "tiny.png",
      publicKey: "unused",
      ...(await uploadAuth()),
      xhr: new ToThisSite() as unknown as XMLHttpRequest,
    })) as unknown as Uploaded;
    expect(res).toMatchObject({ width: 40, height: 30 });
    const auth = await uploadAuth();
    await expect(
      browserUpload({
        file: new Blob(["hello"]) as File,
        fileName: "x.png",
        publicKey: "unused",
        ...auth,
        signature: "0".repeat(40),
        xhr: new ToThisSite() as unknown as XMLHttpRequest,
      }),
    ).rejects.toThrow(/upload signature is not valid/);
  });

  it("buildSrc with urlEndpoint = PUBLIC_URL/media: query form, path form, an absolute src, chains", async () => {
    const src = uploaded.filePath; // "/uploads/<name>"
    const query = buildSrc({ urlEndpoint, src, transformation: [{ width: 300, height: 200 }] });
    expect(query).toBe(`${urlEndpoint}${src}?tr=w-300,h-200`);
    expect(await picture(query)).toMatchObject({ width: 384, height: 256 });
    const path = buildSrc({
      urlEndpoint,
      src,
      transformationPosition: "path",
      transformation: [{ width: 300, height: 200 }, { rotation: 90 }],
    });
    expect(path).toBe(`${urlEndpoint}/tr:w-300,h-200:rt-90${src}`);
    expect(await picture(path)).toMatchObject({ width: 256, height: 384 });
    // the upload's own absolute url, as ImageKit's docs do it (buildSrc({ src: res.url }))
    const absolute = buildSrc({ urlEndpoint, src: uploaded.url, transformation: [{ width: 100 }] });
    expect(await picture(absolute)).toMatchObject({ width: 128, height: 96 });
    expect(await picture(buildSrc({ urlEndpoint, src }))).toMatchObject({ width: 800, height: 600 });
  });

  it("buildSrc with ImageKit's common options: each one this site supports is answered", async () => {
    const src = uploaded.filePath;
    for (const transformation of [
      { width: 300, aspectRatio: "16-9" },
      { width: 300, dpr: 2 },
      { width: 300, height: 300, cropMode: "pad_resize", background: "F3F4F6" },
      { width: 300, height: 300, focus: "auto" },
      { width: 300, grayscale: true },
      { width: 300, rotation: "auto" },
      { width: 0.5 },
      { width: 300, height: 300, crop: "at_max" },
      { width: 300, height: 300, crop: "force" },
      { width: 300, height: 300, crop: "at_least" },
      { width: 300, quality: 50, format: "jpg" },
      { width: 300, format: "auto", blur: 10 },
    ] as const) {
      const url = buildSrc({ urlEndpoint, src, transformation: [transformation] });
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      await res.arrayBuffer();
    }
    // one this site does not do is a 400 that names it
    const unsupported = buildSrc({ urlEndpoint, src, transformation: [{ width: 300, radius: 20 }] });
    const res = await fetch(unsupported);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('"r"');
  });

  it("getResponsiveImageAttributes: every srcset candidate is served, at least as wide as it says", async () => {
    const attrs = getResponsiveImageAttributes({ urlEndpoint, src: uploaded.filePath, width: 400 });
    const candidates = attrs.srcSet!.split(", ").map((c) => c.split(" ")[0]!);
    expect(candidates.length).toBeGreaterThan(0);
    for (const url of [attrs.src, ...candidates]) {
      const meta = await picture(url);
      const asked = Number(new URL(url).searchParams.get("tr")!.match(/w-(\d+)/)![1]);
      expect(meta.width, url).toBeGreaterThanOrEqual(Math.min(asked, 800));
    }
  });
});

describe("@imagekit/nodejs (the Node SDK)", () => {
  const client = () =>
    new ImageKitNode({ privateKey: "private_unused_by_this_site", baseURL: `${site}/backend`, maxRetries: 0 });

  it("files.upload with baseURL = PUBLIC_URL/backend and a token from upload-auth", async () => {
    const png = await pngImage(120, 90);
    const res = await client().files.upload({
      file: await toFile(Buffer.from(png), "node.png"),
      fileName: "node.png",
      publicKey: "unused",
      ...(await uploadAuth()),
    });
    expect(res.url).toMatch(new RegExp(`^${site}/media/uploads/[0-9a-f]{24}\\.png$`));
    expect(res).toMatchObject({ width: 120, height: 90 });
    expect(await picture(res.url!)).toMatchObject({ width: 120, height: 90 });
    // the file as a base64 string, as ImageKit's upload API takes it
    const again = await client().files.upload({
      file: Buffer.from(png).toString("base64") as unknown as File,
      fileName: "node64.png",
      publicKey: "unused",
      ...(await uploadAuth()),
    });
    expect(again).toMatchObject({ width: 120, height: 90 });
    // a refusal is the SDK's error carrying our message
    await expect(
      client().files.upload({
        file: await toFile(Buffer.from(png), "node.png"),
        fileName: "node.png",
        ...(await uploadAuth()),
        expire: 1,
      }),
    ).rejects.toThrow(/signature is not valid/);
  });

  it("files.upload with folder and tags: the file in that folder, the tags answered (decision 065)", async () => {
    const res = await client().files.upload({
      file: await toFile(Buffer.from(await pngImage(40, 30)), "tagged.png"),
      fileName: "tagged.png",
      folder: "/sdk/tagged/",
      tags: ["summer", "beach"],
      ...(await uploadAuth()),
    });
    expect(res.filePath).toMatch(/^\/uploads\/sdk\/tagged\/[0-9a-f]{24}\.png$/);
    expect(res.url).toBe(`${site}/media${res.filePath!}`);
    expect(res.tags).toEqual(["summer", "beach"]);
    expect(await picture(res.url!)).toMatchObject({ width: 40, height: 30 });
    // a folder that would leave the uploads folder is refused, with the SDK's error carrying our message
    await expect(
      client().files.upload({
        file: await toFile(Buffer.from(await pngImage(40, 30)), "x.png"),
        fileName: "x.png",
        folder: "../../etc",
        ...(await uploadAuth()),
      }),
    ).rejects.toThrow(/folder may contain only letters/);
  });

  it("helper.buildSrc builds the same URLs as the browser SDK", async () => {
    const url = client().helper.buildSrc({
      urlEndpoint,
      src: uploaded.filePath,
      transformation: [{ width: 300, height: 200 }],
    });
    expect(url).toBe(`${urlEndpoint}${uploaded.filePath}?tr=w-300,h-200`);
    expect(await picture(url)).toMatchObject({ width: 384, height: 256 });
  });
});

describe("imagekit 6 (the older Node SDK)", () => {
  const legacy = () =>
    new ImageKitLegacy({
      publicKey: "unused",
      privateKey: "unused",
      urlEndpoint,
      uploadEndpoint: `${site}/backend/api/v1/files/upload`,
    });

  it("url() builds the path form by default, and the query form for an absolute src", async () => {
    const path = legacy().url({ path: uploaded.filePath, transformation: [{ width: "300", height: "200" }] });
    expect(path).toBe(`${urlEndpoint}/tr:w-300,h-200${uploaded.filePath}`);
    expect(await picture(path)).toMatchObject({ width: 384, height: 256 });
    const query = legacy().url({ src: uploaded.url, transformation: [{ width: "300" }] });
    expect(await picture(query)).toMatchObject({ width: 384 });
  });

  it("upload() with uploadEndpoint = PUBLIC_URL/backend/api/v1/files/upload", async () => {
    const png = await pngImage(60, 40);
    const res = (await legacy().upload({
      file: Buffer.from(png),
      fileName: "legacy.png",
      ...(await uploadAuth()),
    } as never)) as unknown as Uploaded;
    expect(res).toMatchObject({ width: 60, height: 40 });
    expect(await picture(res.url)).toMatchObject({ width: 60, height: 40 });
  });
});
