// Cross-cutting behaviour of the /backend API: health, errors, limits, headers, caching, compression.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, faqs } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { makeFaq } from "../../tests/support/factories.ts";
import { PAYSTACK_CSP, securityHeaders, type AppEnv } from "./middleware.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorJson = { error: { code: string; message: string } };

describe("GET /backend/health", () => {
  it("answers 200 with the database up", async () => {
    const res = await t.request("/backend/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "up", engine: t.database.engine });
  });
});

describe("unknown routes", () => {
  it.each([
    ["GET", "/backend/x"],
    ["GET", "/backend/api/nothing-here"],
    ["PATCH", "/backend/api/faqs"],
    ["DELETE", "/backend/api/carousel"],
  ])("%s %s is a JSON 404", async (method, path) => {
    const res = await t.request(path, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: `No API route for ${method} ${path}` } });
  });
});

describe("security headers", () => {
  it.each(["/backend/health", "/backend/api/faqs", "/backend/missing"])("are set on %s", async (path) => {
    const res = await t.request(path);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("forbid JSON responses from loading or running anything", async () => {
    const res = await t.request("/backend/api/faqs");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});

describe("X-Request-Id", () => {
  it("echoes a sane incoming id", async () => {
    const res = await t.request("/backend/health", { headers: { "X-Request-Id": "req-abc.123_x" } });
    expect(res.headers.get("x-request-id")).toBe("req-abc.123_x");
  });

  it("replaces a missing or unsafe id with a fresh one", async () => {
    // this process's random part and a counter (server/lib/request-context.ts newRequestId)
    const fresh = /^[\w-]{12}-[0-9a-z]+$/;
    const none = await t.request("/backend/health");
    const bad = await t.request("/backend/health", { headers: { "X-Request-Id": "evil\tid <script>" } });
    expect(none.headers.get("x-request-id")).toMatch(fresh);
    expect(bad.headers.get("x-request-id")).toMatch(fresh);
    expect(bad.headers.get("x-request-id")).not.toBe(none.headers.get("x-request-id"));
  });
});

describe("ETag on public GETs", () => {
  it("answers 304 to a matching If-None-Match, and a new ETag once the content changes", async () => {
    await t.db.delete(faqs);
    await t.db.insert(faqs).values(makeFaq({ question: "Is it free?", answer: "No." }));
    const first = await t.request("/backend/api/faqs");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

    const again = await t.request("/backend/api/faqs", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);

    await t.db.insert(faqs).values(makeFaq({ question: "Is there a certificate?", answer: "Yes.", position: 1 }));
    const changed = await t.request("/backend/api/faqs", { headers: { "If-None-Match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(((await changed.json()) as unknown[]).length).toBe(2);
  });

  it("matches a weakened or listed tag too, and is not set on errors", async () => {
    const etag = (await t.request("/backend/api/faqs")).headers.get("etag")!;
    const weak = await t.request("/backend/api/faqs", { headers: { "If-None-Match": `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const missing = await t.request("/backend/api/courses/ffffffffffffffffffffffff");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
  });
});

describe("compression", () => {
  const decoders = { br: promisify(zlib.brotliDecompress), gzip: promisify(zlib.gunzip) };

  async function bigFaqList() {
    await t.db.delete(faqs);
    await t.db
      .insert(faqs)
      .values(
        Array.from({ length: 40 }, (_, i) =>
          makeFaq({ question: `Question ${i}?`, answer: "A long answer. ".repeat(20), position: i }),
        ),
      );
  }

  it.each([
    ["br", "gzip, deflate, br"],
    ["gzip", "gzip, deflate"],
  ] as const)(
    "sends a large JSON response as %s when asked, and it decompresses to the same JSON",
    async (encoding, accept) => {
      await bigFaqList();
      const plain = await t.request("/backend/api/faqs");
      const plainText = await plain.text();
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plainText.length).toBeGreaterThan(10_000);

      const res = await t.request("/backend/api/faqs", { headers: { "Accept-Encoding": accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
      const raw = Buffer.from(await res.arrayBuffer());
      expect(raw.length).toBeLessThan(plainText.length / 4);
      const text = (await decoders[encoding](raw)).toString("utf8");
      expect(JSON.parse(text)).toEqual(JSON.parse(plainText));
      expect((JSON.parse(text) as unknown[]).length).toBe(40);
    },
  );

  it("leaves a small JSON response uncompressed and weakens the ETag of a compressed one", async () => {
    const small = await t.request("/backend/health", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toMatchObject({ status: "ok" });

    await bigFaqList();
    const big = await t.request("/backend/api/faqs", { headers: { "Accept-Encoding": "br" } });
    expect(big.headers.get("content-encoding")).toBe("br");
    expect(big.headers.get("etag")).toMatch(/^W\//);
  });
});

describe("OpenAPI document and docs page", () => {
  const operations = [
    ["get", "/api/carousel"],
    ["get", "/api/blogTeasers"],
    ["get", "/api/instructorCTAs"],
    ["get", "/api/faqs"],
    ["get", "/api/hero"],
    ["get", "/api/experts"],
    ["get", "/api/events"],
    ["get", "/api/talents"],
    ["post", "/api/newsletter"],
    ["post", "/api/contact"],
    ["get", "/api/courses"],
    ["get", "/api/courses/{id}"],
    ["get", "/api/categories"],
  ] as const;

  it("describes every public operation in /backend/openapi.json", async () => {
    const res = await t.request("/backend/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("TechAfrica API");
    for (const [method, path] of operations) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.paths["/api/newsletter"]!.post!.requestBody?.required).toBe(true);
    expect(doc.paths["/api/contact"]!.post!.requestBody?.required).toBe(true);
  });

  it("serves /backend/docs as one HTML page listing the operations, loading nothing from elsewhere", async () => {
    const res = await t.request("/backend/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("<title>TechAfrica API</title>");
    for (const [method, path] of operations) {
      expect(html).toContain(`>${method.toUpperCase()}</td><td><code>/backend${path}</code>`);
    }
    expect(html).toContain("Subscribe an e-mail address to the newsletter");
    expect(html).not.toMatch(/<script|<link|\b(src|href)="(https?:)?\/\//i);
  });
});

describe("with a small body limit", () => {
  let small: TestApp;
  let closed = false;
  beforeAll(async () => {
    small = await createTestApp({ BODY_LIMIT_BYTES: "2048" });
  });
  afterAll(async () => {
    if (!closed) await small.close();
  });

  it("applies the same limit to form posts of pages (413 before the page sees the body)", async () => {
    const res = await small.request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ada@example.com", message: "x".repeat(3000) }).toString(),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("too_large");
    expect(await small.db.select().from(contacts)).toHaveLength(0);
  });

  it("answers 413 JSON for a body over the limit and stores nothing", async () => {
    const res = await small.request("/backend/api/contact", {
      method: "POST",
      json: { email: "ada@example.com", message: "x".repeat(3000) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "too_large", message: "The request body is too large (limit 2 KB)." },
    });
    expect(await small.db.select().from(contacts)).toHaveLength(0);
  });

  it("answers 413 JSON when only Content-Length gives the size away", async () => {
    const body = JSON.stringify({ email: "ada@example.com", message: "x".repeat(3000) });
    const res = await small.request("/backend/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) },
      body,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorJson).error.code).toBe("too_large");
  });

  it("still takes a body under the limit", async () => {
    const res = await small.request("/backend/api/contact", {
      method: "POST",
      json: { email: "ada@example.com", message: "x".repeat(1500) },
    });
    expect(res.status).toBe(201);
    expect(await small.db.select().from(contacts)).toHaveLength(1);
  });

  // Runs last in this block: it closes the database.
  it("reports the database down (503) and answers a JSON 500 without details when a query fails", async () => {
    await small.close();
    closed = true;
    const health = await small.request("/backend/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "degraded", database: "down" });

    const res = await small.request("/backend/api/faqs");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: { code: "internal", message: "Something went wrong on our side. Please try again." },
    });
  });
});

describe("a page's Content-Security-Policy", () => {
  const pageCsp = async (paystack: boolean) => {
    const app = new Hono<AppEnv>();
    app.use("*", securityHeaders({ csp: true, paystack }));
    app.get("/courses", (c) => c.html("<p>ok</p>"));
    return (await app.request("/courses")).headers.get("content-security-policy") ?? "";
  };

  it("lets Paystack's pop-up load its checkout only when PAYMENT_PROVIDER=paystack", async () => {
    const sandbox = await pageCsp(false);
    expect(sandbox).toContain("connect-src 'self';");
    expect(sandbox).not.toContain("paystack");
    const paystack = await pageCsp(true);
    expect(paystack).toContain(`connect-src 'self' ${PAYSTACK_CSP.connect};`);
    expect(paystack).toMatch(/frame-src [^;]*https:\/\/checkout\.paystack\.com/);
    expect(paystack).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com|frame-src [^;]*youtube/);
    expect(paystack).toContain("script-src 'self' 'nonce-");
  });
});
