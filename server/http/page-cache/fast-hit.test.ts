// A page-cache hit answered before the middleware chain (issue 35; decision 049), on a real socket and
// the engine the run uses: the same status, headers and bytes as the middleware's own answer from the
// same copy (security headers and the CSP of the page's scripts among them), a request id and a log line
// per answer, the post's visit counted, 304 and HEAD; and everything that is not a plain anonymous hit
// (a session, a cookie of a page's own, a first visit to a paying page, an odd host) goes the whole way.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFamilyOf } from "../../../app/lib/page-cache-families.server.ts";
import { bearer, createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { makeCourse, makePost } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { writeContent } from "../../db/content-version.ts";
import { courses, postStats, posts } from "../../db/schema.ts";
import { createLogger } from "../../lib/logger.ts";
import { serverWithFastHit } from "./fast-hit.ts";

const DEVICE = "academy.device=AAAAAAAAAAAAAAAAAAAAAA";
const lines: Array<Record<string, unknown>> = [];
let t: TestApp;
let server: ServerType;
let port: number;
let reader: TestAccount;
let postId: string;
let postSlug: string;
/** answers the fast path gave */
let fast = 0;

beforeAll(async () => {
  t = await createTestApp(
    { PAGE_CACHE_MAX_BYTES: String(8 * 1024 * 1024), LOG_LEVEL: "info" },
    {
      pageFamilies: pageFamilyOf,
      logger: createLogger("info", (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
    },
  );
  // stand-ins for the home page and a post's page (the pages themselves run in the production build),
  // each with an inline script carrying the request's nonce
  const page = (title: string, nonce: string) =>
    `<!doctype html><title>${title}</title><script nonce="${nonce}">window.__t = ${JSON.stringify(title)}</script>`;
  t.app.get("/", (c) => c.html(page("Home", c.get("nonce"))));
  t.app.get("/:slug", async (c) => {
    const found = await t.services.blog
      .readPost(c.req.param("slug"), { userId: null, ip: "127.0.0.1", userAgent: "" })
      .catch(() => null);
    return found ? c.html(page(found.title, c.get("nonce"))) : c.text("Post not found!", 404);
  });
  reader = await createAccount(t);
  const post = await writeContent(t.db, ["posts"], async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values(makePost(reader.id, { title: "Fast post" }))
      .returning();
    return row!;
  });
  postId = post.id;
  postSlug = post.slug;
  const fastHit = t.fastHit!;
  const counting: typeof fastHit = (req, res) => {
    const answered = fastHit(req, res);
    if (answered) fast++;
    return answered;
  };
  await new Promise<void>((resolve) => {
    server = serve(
      { fetch: t.app.fetch, port: 0, hostname: "127.0.0.1", createServer: serverWithFastHit(counting) as never },
      () => resolve(),
    );
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  fast: boolean;
}

/** A request on the socket, the body as sent (not decoded); `fast` says whether the fast path answered it. */
function request(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  agent?: http.Agent,
): Promise<Answer> {
  const before = fast;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method, agent, headers: { "Accept-Encoding": "br, gzip", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.once("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), fast: fast > before }),
        );
      },
    );
    req.once("error", reject);
    req.end();
  });
}

/** The headers that must be the same on both paths: all but the date and the request id. */
function comparable(headers: http.IncomingHttpHeaders) {
  const { date: _date, "x-request-id": _id, connection: _c, "keep-alive": _k, ...rest } = headers;
  return rest;
}

/** The same request forced the whole way (the fast path takes only plain lower-case hosts). */
const slowly = (path: string, headers: Record<string, string> = {}) =>
  request(path, { ...headers, Host: `LOCALHOST:${port}` });

describe("a page-cache hit answered before the middleware", () => {
  it("answers an API read with the middleware's status, headers and bytes", async () => {
    const made = await request("/backend/api/courses");
    expect(made.headers["x-cache"]).toBe("MISS");
    expect(made.fast).toBe(false);
    const hit = await request("/backend/api/courses");
    expect(hit.fast).toBe(true);
    const middleware = await slowly("/backend/api/courses");
    expect(middleware.fast).toBe(false);
    expect(middleware.headers["x-cache"]).toBe("HIT");
    expect(hit.status).toBe(200);
    expect(comparable(hit.headers)).toEqual(comparable(middleware.headers));
    expect(hit.headers["content-encoding"]).toBe("br");
    expect(hit.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(hit.headers["x-content-type-options"]).toBe("nosniff");
    expect(hit.body.equals(middleware.body)).toBe(true);
    // each answer its own request id, and one log line carrying it
    expect(hit.headers["x-request-id"]).toMatch(/^[\w-]+$/);
    expect(hit.headers["x-request-id"]).not.toBe(middleware.headers["x-request-id"]);
    await expect
      .poll(() => lines.find((l) => l.msg === "request" && l.requestId === hit.headers["x-request-id"]))
      .toMatchObject({ method: "GET", path: "/backend/api/courses", status: 200 });
  });

  it("answers a page with the CSP of its scripts' hashes, counts the post's visit, and keeps a sane request id", async () => {
    await request(`/${postSlug}`, { Cookie: DEVICE });
    const visits = async () =>
      (await t.db.select({ n: postStats.visits }).from(postStats).where(eq(postStats.postId, postId)))[0]?.n ?? 0;
    await t.pageCache!.flushVisits();
    const before = await visits();
    const hit = await request(`/${postSlug}`, { Cookie: DEVICE, "User-Agent": "phone", "X-Request-Id": "trace-7" });
    expect(hit.fast).toBe(true);
    expect(hit.headers["x-request-id"]).toBe("trace-7");
    const middleware = await slowly(`/${postSlug}`, { Cookie: DEVICE, "User-Agent": "phone" });
    expect(comparable(hit.headers)).toEqual(comparable(middleware.headers));
    expect(hit.headers["vary"]).toBe("Accept-Encoding, Save-Data");
    expect(hit.headers["cache-control"]).toContain("s-maxage=30");
    expect(hit.body.equals(middleware.body)).toBe(true);
    // the reader's visit (one: the same reader twice within the hour counts once)
    await t.pageCache!.flushVisits();
    expect(await visits()).toBe(before + 1);
    expect(lines.find((l) => l.requestId === "trace-7")).toMatchObject({ path: `/${postSlug}`, status: 200 });
  });

  it("counts each reader of one connection within a second, and one reader's repeats once", async () => {
    const visits = async () =>
      (await t.db.select({ n: postStats.visits }).from(postStats).where(eq(postStats.postId, postId)))[0]?.n ?? 0;
    await request(`/${postSlug}`, { Cookie: DEVICE });
    await t.pageCache!.flushVisits();
    const before = await visits();
    // one kept-alive connection (as a proxy's would be) carrying two browsers' requests
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answers = [];
      for (const userAgent of ["reader-a", "reader-a", "reader-b", "reader-a"]) {
        answers.push(await request(`/${postSlug}`, { Cookie: DEVICE, "User-Agent": userAgent }, "GET", agent));
      }
      expect(answers.every((answer) => answer.fast && answer.status === 200)).toBe(true);
    } finally {
      agent.destroy();
    }
    await t.pageCache!.flushVisits();
    expect(await visits()).toBe(before + 2);
  });

  it("answers If-None-Match with 304 and HEAD without a body", async () => {
    const hit = await request("/backend/api/courses");
    const tag = hit.headers.etag!;
    const unchanged = await request("/backend/api/courses", { "If-None-Match": tag });
    expect(unchanged.fast).toBe(true);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(tag);
    const head = await request("/backend/api/courses", {}, "HEAD");
    expect(head.fast).toBe(true);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(hit.headers["content-length"]);
    const plain = await request("/backend/api/courses", { "Accept-Encoding": "identity" });
    expect(plain.fast).toBe(true);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(expect.any(Array));
  });

  it("is exact: the first request after a content write is made afresh", async () => {
    await request("/backend/api/courses");
    expect((await request("/backend/api/courses")).fast).toBe(true);
    await writeContent(t.db, ["courses"], (tx) => tx.insert(courses).values(makeCourse({ title: "Fresh Course" })));
    const after = await request("/backend/api/courses", { "Accept-Encoding": "identity" });
    expect(after.fast).toBe(false);
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(after.body.toString("utf8")).toContain("Fresh Course");
    expect((await request("/backend/api/courses")).fast).toBe(true);
  });

  it("leaves to the middleware a signed-in request, a cookie of a page's own, and a first visit to a paying page", async () => {
    await request("/backend/api/courses");
    const signedIn = await request("/backend/api/courses", bearer(reader));
    expect(signedIn.fast).toBe(false);
    expect(signedIn.headers["x-cache"]).toBeUndefined();
    const flash = await request("/backend/api/courses", { Cookie: `${DEVICE}; academy.flash=x` });
    expect(flash.fast).toBe(false);
    expect(flash.headers["x-cache"]).toBeUndefined();
    // the home page gives a browser without a device id its id (device.ts): never from the fast path
    await request("/", { Cookie: DEVICE });
    const returning = await request("/", { Cookie: DEVICE });
    expect(returning.fast).toBe(true);
    expect(returning.headers["set-cookie"]).toBeUndefined();
    const first = await request("/");
    expect(first.fast).toBe(false);
    expect(first.headers["set-cookie"]?.[0]).toMatch(/^academy\.device=[\w-]{22};/);
    expect(first.headers["cache-control"]).toMatch(/^private/);
    // addresses the adapter would rewrite: a percent sign, a dot segment
    expect((await request("/backend/api/%63ourses")).fast).toBe(false);
    expect((await request("/backend/api/x/../courses")).fast).toBe(false);
  });
});
