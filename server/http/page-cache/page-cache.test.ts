// The rendered-page cache (issue 20; decision 044), on the engine the run uses (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): exact after every kind of content write, scoped (a comment leaves the home
// content cached), compressed copies with ETags and 304s, never for a signed-in user, one rendering for
// many requests, visits still counted, bounded memory, and shared through Redis.
import { createHash } from "node:crypto";
import net from "node:net";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFamilyOf } from "../../../app/lib/page-cache-families.server.ts";
import { bearer, createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { makeCourse, makePost } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { postScope, writeContent } from "../../db/content-version.ts";
import { courses, postStats, posts } from "../../db/schema.ts";
import { silentLogger } from "../../lib/logger.ts";
import type { AppEnv } from "../middleware.ts";
import { createPageCache, onlyDeviceCookie, scriptHashesOf } from "./page-cache.ts";
import { LruPages, decodeEntry, encodeEntry, type CachedPage } from "./store.ts";

let t: TestApp;
let admin: TestAccount;
let reader: TestAccount;
let courseId: string;
let postId: string;
let postSlug: string;
/** how many times the stand-in post page was rendered */
let renders = 0;

beforeAll(async () => {
  t = await createTestApp({ PAGE_CACHE_MAX_BYTES: String(8 * 1024 * 1024) }, { pageFamilies: pageFamilyOf });
  // A stand-in for a post's page (the pages themselves run in the production build: tests/e2e): its
  // title and its comments from the services, as the real page's loader reads them, with an inline script.
  t.app.get("/:slug", async (c) => {
    renders++;
    const slug = c.req.param("slug");
    const found = await t.services.blog
      .readPost(slug, { userId: null, ip: "127.0.0.1", userAgent: "" })
      .catch(() => null);
    if (!found) return c.text("Post not found!", 404);
    const comments = await t.services.blog.listComments(found._id);
    return c.html(
      `<!doctype html><title>${found.title}</title><p>${comments.map((x) => x.desc).join("|")}</p>` +
        `<script nonce="${c.get("nonce")}">window.__n = ${comments.length}</script>`,
    );
  });
  admin = await createAccount(t, { admin: true });
  reader = await createAccount(t);
  const course = await writeContent(t.db, ["courses"], async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values(makeCourse({ title: "Cached Course" }))
      .returning();
    return row!;
  });
  courseId = course.id;
  const post = await writeContent(t.db, ["posts"], async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values(makePost(reader.id, { title: "Cached post" }))
      .returning();
    return row!;
  });
  postId = post.id;
  postSlug = post.slug;
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers });
const json = async <T>(res: Response) => (await res.json()) as T;

async function as(account: TestAccount, method: string, path: string, body?: unknown) {
  const res = await t.request(path, {
    method,
    headers: { ...bearer(account), Origin: t.env.PUBLIC_URL },
    json: body,
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res;
}

describe("the page cache: exact after each kind of content write", () => {
  it("keeps an API read, and answers the next anonymous read with a course's new title and price", async () => {
    const first = await get("/backend/api/courses");
    expect(first.headers.get("X-Cache")).toBe("MISS");
    const again = await get("/backend/api/courses");
    expect(again.headers.get("X-Cache")).toBe("HIT");
    expect(await again.text()).toBe(await first.text());

    await as(admin, "PUT", `/backend/api/courses/${courseId}`, { title: "Renamed Course", price: 45_000 });
    const after = await get("/backend/api/courses");
    expect(after.headers.get("X-Cache")).toBe("MISS");
    const list = await json<Array<{ _id: string; title: string; price: number }>>(after);
    const course = list.find((x) => x._id === courseId)!;
    expect(course.title).toBe("Renamed Course");
    expect(course.price).toBe(45_000);
  });

  it("answers an FAQ's change at once, and leaves the courses' copy alone (scoped)", async () => {
    await get("/backend/api/faqs");
    await get("/backend/api/courses");
    expect((await get("/backend/api/courses")).headers.get("X-Cache")).toBe("HIT");
    await as(admin, "POST", "/backend/api/faqs", { question: "Is it cached?", answer: "Exactly." });
    const faqs = await get("/backend/api/faqs");
    expect(faqs.headers.get("X-Cache")).toBe("MISS");
    expect(JSON.stringify(await faqs.json())).toContain("Is it cached?");
    expect((await get("/backend/api/courses")).headers.get("X-Cache")).toBe("HIT");
  });

  it("refreshes a post's page and the lists after a comment, not the home content", async () => {
    await get(`/${postSlug}`);
    await get("/backend/posts");
    await get("/backend/api/faqs");
    expect((await get(`/${postSlug}`)).headers.get("X-Cache")).toBe("HIT");

    await as(reader, "POST", `/backend/comments/${postId}`, { desc: "A fresh comment" });
    const page = await get(`/${postSlug}`);
    expect(page.headers.get("X-Cache")).toBe("MISS");
    expect(await page.text()).toContain("A fresh comment");
    const list = await get("/backend/posts");
    expect(list.headers.get("X-Cache")).toBe("MISS");
    expect((await get("/backend/api/faqs")).headers.get("X-Cache")).toBe("HIT");
  });

  it("refreshes a post's page when the post is featured or deleted; another post's page stays", async () => {
    const other = await writeContent(t.db, ["posts"], async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values(makePost(reader.id, { title: "Other post" }))
        .returning();
      return row!;
    });
    await get(`/${other.slug}`);
    await get(`/${postSlug}`);
    await as(admin, "PATCH", "/backend/posts/feature", { postId });
    expect((await get(`/${postSlug}`)).headers.get("X-Cache")).toBe("MISS");
    expect((await get(`/${other.slug}`)).headers.get("X-Cache")).toBe("HIT");
    await as(admin, "DELETE", `/backend/posts/${other.id}`);
    const gone = await get(`/${other.slug}`);
    expect(gone.headers.get("X-Cache")).not.toBe("HIT");
    expect(gone.status).not.toBe(200);
  });

  it("still counts a visit for a post page answered from the cache", async () => {
    await get(`/${postSlug}`);
    const rendered = renders;
    const visits = async () =>
      (await t.db.select({ n: postStats.visits }).from(postStats).where(eq(postStats.postId, postId)))[0]?.n ?? 0;
    const before = await visits();
    // another reader (another address), answered from the copy: the page is not rendered again
    const res = await t.request(`/${postSlug}`, { clientIp: "10.9.8.7", headers: { "User-Agent": "phone" } });
    expect(res.headers.get("X-Cache")).toBe("HIT");
    expect(renders).toBe(rendered);
    // the cache writes its hits' visits together, within a second
    await t.pageCache!.flushVisits();
    expect(await visits()).toBe(before + 1);
    // the same reader again within the hour, and an address no post has: nothing more
    await t.request(`/${postSlug}`, { clientIp: "10.9.8.7", headers: { "User-Agent": "phone" } });
    await t.request("/backend/api/courses");
    await t.pageCache!.flushVisits();
    expect(await visits()).toBe(before + 1);
    // two other readers at once: two visits in one write
    await Promise.all(
      ["10.0.0.1", "10.0.0.2"].map((ip) => t.request(`/${postSlug}`, { clientIp: ip, headers: { "User-Agent": "p" } })),
    );
    await t.pageCache!.flushVisits();
    expect(await visits()).toBe(before + 3);
    // an address that is no post's counts nothing and fails nothing
    await t.services.blog.recordVisitsBySlug([
      { slug: "no-such-post", visitor: { userId: null, ip: "1.2.3.4", userAgent: "" } },
    ]);
    expect(await visits()).toBe(before + 3);
  });

  it("answers a content write made elsewhere in the same transaction as the version (writeContent)", async () => {
    await get("/backend/api/courses");
    await writeContent(t.db, ["courses"], (tx) =>
      tx
        .update(courses)
        .set({ title: "Changed by a script" })
        .where(and(eq(courses.id, courseId))),
    );
    expect(JSON.stringify(await (await get("/backend/api/courses")).json())).toContain("Changed by a script");
    // the seed moves every page ("site")
    await get(`/${postSlug}`);
    await writeContent(t.db, ["site"], async () => {});
    expect((await get(`/${postSlug}`)).headers.get("X-Cache")).toBe("MISS");
    expect((await get(`/${postSlug}`)).headers.get("X-Cache")).toBe("HIT");
    // and a scope of another post leaves this one
    await writeContent(t.db, [postScope("some-other-post")], async () => {});
    expect((await get(`/${postSlug}`)).headers.get("X-Cache")).toBe("HIT");
  });
});

describe("the page cache: what it answers", () => {
  it("sends brotli, gzip or plain bytes of one page, each with its strong ETag; If-None-Match gets 304", async () => {
    await get(`/${postSlug}`);
    const br = await get(`/${postSlug}`, { "Accept-Encoding": "br" });
    const gz = await get(`/${postSlug}`, { "Accept-Encoding": "gzip" });
    const plain = await get(`/${postSlug}`, { "Accept-Encoding": "identity" });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const text = await plain.text();
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
    expect((await promisify(zlib.gunzip)(Buffer.from(await gz.arrayBuffer()))).toString()).toBe(text);
    const tags = [br, gz, plain].map((r) => r.headers.get("ETag")!);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(br.headers.get("Vary")).toContain("Accept-Encoding");
    expect(br.headers.get("Cache-Control")).toMatch(/public.*stale-while-revalidate=\d+/);

    const revalidated = await get(`/${postSlug}`, { "Accept-Encoding": "br", "If-None-Match": tags[0]! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const stale = await get(`/${postSlug}`, { "If-None-Match": '"not-this-one"' });
    expect(stale.status).toBe(200);
  });

  it("allows a cached page's inline scripts by hash, not by the nonce of the request that made it", async () => {
    await writeContent(t.db, [postScope(postSlug)], async () => {});
    const made = await get(`/${postSlug}`);
    const csp = made.headers.get("Content-Security-Policy") ?? "";
    const hit = await get(`/${postSlug}`);
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    const html = await hit.text();
    const oldNonce = /nonce="([^"]+)"/.exec(html)![1]!;
    const hitCsp = hit.headers.get("Content-Security-Policy") ?? "";
    if (csp.includes("script-src")) {
      expect(hitCsp).not.toContain(oldNonce);
      for (const hash of scriptHashesOf(html)) expect(hitCsp).toContain(hash);
    }
    const body = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(scriptHashesOf(html)).toEqual([`'sha256-${createHash("sha256").update(body).digest("base64")}'`]);
  });

  it("never keeps or serves a copy to a signed-in user, or to a request with a cookie of ours", async () => {
    await get("/backend/api/courses");
    const signedIn = await t.request("/backend/api/courses", { headers: bearer(admin) });
    expect(signedIn.headers.get("X-Cache")).toBeNull();
    expect(signedIn.headers.get("Cache-Control")).toMatch(/private/);
    const withCookie = await t.request("/backend/api/courses", { headers: { Cookie: "__flash=1" } });
    expect(withCookie.headers.get("X-Cache")).toBeNull();
    const withDevice = await t.request("/backend/api/courses", { headers: { Cookie: "academy.device=abc" } });
    expect(withDevice.headers.get("X-Cache")).toBe("HIT");
  });

  it("keeps nothing of a path no family declares, nor an error", async () => {
    const health = await get("/backend/health");
    expect(health.headers.get("X-Cache")).toBeNull();
    const missing = await get("/no-such-post-anywhere");
    expect(missing.status).toBe(404);
    expect((await get("/no-such-post-anywhere")).headers.get("X-Cache")).toBeNull();
  });

  it("renders a page once for many requests that ask for it at the same time", async () => {
    await writeContent(t.db, [postScope(postSlug)], async () => {});
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(`/${postSlug}`)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(renders - before).toBe(1);
    expect(new Set(await Promise.all(answers.map((r) => r.text()))).size).toBe(1);
  });
});

describe("the page cache's memory", () => {
  const page = (bytes: number): CachedPage => ({
    status: 200,
    headers: [["Content-Type", "text/html"]],
    hash: "h",
    scriptHashes: [],
    identity: Buffer.alloc(bytes),
    gzip: Buffer.alloc(10),
    br: Buffer.alloc(10),
    madeAt: Date.now(),
  });

  it("holds at most its size in bytes, least recently used out first", () => {
    // each entry: 3,000 + 10 + 10 bytes and 512 for its head
    const lru = new LruPages(12_000);
    lru.set("a", page(3000));
    lru.set("b", page(3000));
    lru.set("c", page(3000));
    expect(lru.get("a")).toBeDefined();
    lru.set("d", page(3000));
    expect(lru.size).toBeLessThanOrEqual(12_000);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.get("d")).toBeDefined();
    lru.set("huge", page(20_000));
    expect(lru.get("huge")).toBeUndefined();
  });

  it("keeps recency to the second: a page read again within its second is not moved again", () => {
    const lru = new LruPages(12_000);
    const second = 1_700_000_000_000;
    lru.set("a", page(3000));
    expect(lru.get("a", second)).toBeDefined(); // moved: newest
    lru.set("b", page(3000));
    lru.set("c", page(3000));
    expect(lru.get("a", second + 500)).toBeDefined(); // the same second: a stays the oldest
    lru.set("d", page(3000));
    expect(lru.get("a", second + 600)).toBeUndefined();
    lru.set("a", page(3000)); // b out: c, d, a
    expect(lru.get("a", second + 700)).toBeDefined(); // moved (its first read): c, d, a
    expect(lru.get("c", second + 700)).toBeDefined(); // d, a, c
    expect(lru.get("a", second + 800)).toBeDefined(); // the same second: d, a, c
    expect(lru.get("a", second + 1000)).toBeDefined(); // a later second: moved again, d, c, a
    lru.set("e", page(3000)); // d out
    lru.set("f", page(3000)); // c out (a had it not been moved)
    expect(lru.get("c", second + 1000)).toBeUndefined();
    expect(lru.get("a", second + 1000)).toBeDefined();
  });

  it("takes a request as anonymous with no cookie or only the device id", () => {
    const id = "abcdefghijklmnopqrstuv";
    for (const cookie of [undefined, "", `academy.device=${id}`, ` academy.device=${id} ;`, ";;", "academy.device"]) {
      expect(onlyDeviceCookie(cookie), String(cookie)).toBe(true);
    }
    for (const cookie of [
      "session=1",
      `academy.device=${id}; session=1`,
      `session=1;academy.device=${id}`,
      "academy.device2=x",
      "=x; a=b",
      "a",
      "__Secure-academy.session_token=abc",
    ]) {
      expect(onlyDeviceCookie(cookie), cookie).toBe(false);
    }
  });

  it("writes an entry to bytes and back (the Redis form), and refuses a damaged one", () => {
    const entry = { ...page(100), scriptHashes: ["'sha256-x'"], identity: Buffer.from("<p>hi</p>") };
    const decoded = decodeEntry(encodeEntry(entry))!;
    expect(decoded.identity.toString()).toBe("<p>hi</p>");
    expect(decoded.scriptHashes).toEqual(["'sha256-x'"]);
    expect(decoded.headers).toEqual(entry.headers);
    expect(decodeEntry(encodeEntry(entry).subarray(0, 20))).toBeUndefined();
    expect(decodeEntry(Buffer.from("nonsense"))).toBeUndefined();
  });
});

/** Whether Redis answers on 127.0.0.1:6379 (it runs on the test machines and CI). */
async function redisUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(6379, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("the page cache shared through Redis", () => {
  it("serves in one process the copy another process made", async () => {
    // scripts/setup-test-env.sh starts one where none runs
    expect(await redisUp(), "Redis must answer on 127.0.0.1:6379").toBe(true);
    const namespace = `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    let made = 0;
    const processes = [0, 1].map(() => {
      const cache = createPageCache({
        database: t.database,
        logger: silentLogger,
        familyOf: (path) => (path === "/shared" ? { scopes: ["courses"] } : null),
        maxBytes: 1024 * 1024,
        maxAgeSeconds: 60,
        redisUrl: "redis://127.0.0.1:6379",
        namespace,
        countVisits: async () => {},
        clientIp: () => "127.0.0.1",
      });
      const app = new Hono<AppEnv>();
      app.use("*", async (c, next) => {
        c.set("actor", null);
        await next();
      });
      app.use("*", cache.middleware);
      app.get("/shared", (c) => {
        made++;
        return c.json({ made });
      });
      return { app, cache };
    });
    try {
      // the caches start (Redis connected, versions read) before their first request
      for (const p of processes) await p.cache.ready;
      const one = await processes[0]!.app.request("/shared");
      expect(one.headers.get("X-Cache")).toBe("MISS");
      const two = await processes[1]!.app.request("/shared");
      expect(two.headers.get("X-Cache")).toBe("HIT");
      expect(await two.json()).toEqual({ made: 1 });
      expect(made).toBe(1);
      // a write moves the version: the other process makes it afresh
      await writeContent(t.db, ["courses"], async () => {});
      expect((await processes[1]!.app.request("/shared")).headers.get("X-Cache")).toBe("MISS");
      expect(made).toBe(2);
    } finally {
      for (const p of processes) await p.cache.close();
    }
  });
});
