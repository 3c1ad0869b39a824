// Bad input never gets a 500 (issue 7): generated, malformed requests against every operation of the
// API (read from /backend/openapi.json, so a route added later is fuzzed too), Better Auth's main
// routes and /media. fast-check with fixed seeds: the same requests on every run, and a failure
// prints the smallest request that still fails. Asserted: no 5xx, and every /backend 4xx answer is JSON
// of the shape `{ error: { code, message } }`.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../tests/support/accounts.ts";
import { makeCourse } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { courses } from "../db/schema.ts";
import { readTestEnv } from "../env.ts";
import { BAD_HOST_MESSAGE } from "./input-guard.ts";

/**
 * Generated requests in all: about 3,000 (and 200 for /media), shared out over the operations (~120
 * today, so 25 each, at least 20), ~50 s on PGlite. A deeper run, e.g. before a release:
 * `FUZZ_RUNS=300 npx vitest run server/http/fuzz.test.ts` (300 per operation).
 */
const BUDGET = 3_000;
const { FUZZ_RUNS } = readTestEnv();
let runs = FUZZ_RUNS ?? 20;
const SEED = 20_261_123;

let t: TestApp;
let user: TestAccount;
let admin: TestAccount;
let victim: TestAccount;
let courseId: string;
let ipCounter = 0;

beforeAll(async () => {
  // Better Auth limits requests per client address: each generated request comes from another one.
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000" });
  user = await createAccount(t);
  admin = await createAccount(t, { admin: true });
  victim = await createAccount(t); // the one the admin routes may ban or change
  const [course] = await t.db.insert(courses).values(makeCourse()).returning();
  courseId = course!.id;
}, 120_000);
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------------
// What the API declares

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
};

interface Operation {
  method: string;
  /** with `{name}` placeholders */
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

async function apiOperations(): Promise<Operation[]> {
  const doc = (await (await t.request("/backend/openapi.json")).json()) as {
    paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined =>
    s?.$ref ? doc.components?.schemas?.[s.$ref.split("/").at(-1)!] : s;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters ?? []) as Array<{ in: string; name: string; schema?: JsonSchema }>;
      const body = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content?.[
        "application/json"
      ]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path: `/backend${path}`,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === "query").map((p) => [p.name, resolve(p.schema) ?? {}])),
        body: resolve(body),
      });
    }
  }
  return ops;
}

const str: JsonSchema = { type: "string" };
const email: JsonSchema = { type: "string", format: "email" };
const bool: JsonSchema = { type: "boolean" };
const num: JsonSchema = { type: "number" };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: "object", properties });

/** Better Auth's main routes (its own validation, its own database writes), with the fields they read. */
const AUTH = "/backend/api/auth";
const authOperations: Operation[] = [
  ["POST", "/sign-up/email", obj({ name: str, username: str, email, password: str, image: str, callbackURL: str })],
  ["POST", "/sign-in/email", obj({ email, password: str, rememberMe: bool, callbackURL: str })],
  ["POST", "/sign-in/username", obj({ username: str, password: str, rememberMe: bool })],
  ["POST", "/request-password-reset", obj({ email, redirectTo: str })],
  ["POST", "/reset-password", obj({ newPassword: str, token: str })],
  ["POST", "/update-user", obj({ name: str, username: str, image: str })],
  ["POST", "/change-password", obj({ currentPassword: str, newPassword: str, revokeOtherSessions: bool })],
  ["POST", "/send-verification-email", obj({ email, callbackURL: str })],
  ["POST", "/is-username-available", obj({ username: str })],
  ["POST", "/admin/set-role", obj({ userId: str, role: str })],
  ["POST", "/admin/ban-user", obj({ userId: str, banReason: str, banExpiresIn: num })],
  ["POST", "/admin/set-user-password", obj({ userId: str, newPassword: str })],
].map(([method, path, body]) => ({
  method: method as string,
  path: AUTH + (path as string),
  pathParams: [],
  query: {},
  body: body as JsonSchema,
}));
authOperations.push(
  { method: "GET", path: `${AUTH}/get-session`, pathParams: [], query: {} },
  { method: "GET", path: `${AUTH}/verify-email`, pathParams: [], query: { token: str, callbackURL: str } },
  { method: "GET", path: `${AUTH}/reset-password/{token}`, pathParams: ["token"], query: { callbackURL: str } },
  {
    method: "GET",
    path: `${AUTH}/admin/list-users`,
    pathParams: [],
    query: { searchValue: str, searchField: str, limit: num, offset: num, sortBy: str, sortDirection: str },
  },
);

// ---------------------------------------------------------------------------------------------------
// Generators

const NUL = "\u0000";
const junkText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      " ",
      NUL,
      `a${NUL}b`,
      "%",
      "%E0%A4%A",
      "%zz",
      "%00",
      "..",
      "../..",
      "' or 1=1 --",
      "<script>alert(1)</script>",
      "javascript:alert(1)",
      "\u202e\u200b\ufeff",
      "🦄 ü ß 中文",
      "\ud800",
      "null",
      "undefined",
      "NaN",
      "-1",
      "1e400",
      "99999999999999999999999",
      "0x10",
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.nat({ max: 50_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map((s) => `${s}${NUL}${s}`) },
);

const junkNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5, 2 ** 31, 2 ** 63),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, with NUL, very long and odd text among the strings. */
const junkJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    junkText,
    junkNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(junkText, tie("value"), { maxKeys: 4 }),
  ),
})).value;

function validString(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.format === "email" || /email/i.test(name)) {
    return fc.constantFrom(user.email, victim.email, "someone@example.com", "fuzz.new@example.com");
  }
  if (/password/i.test(name)) return fc.constantFrom("correct horse 42", "short", "brand new 99 pass");
  if (/^(userId|id)$/.test(name)) return fc.constantFrom(victim.id, "0".repeat(24), courseId);
  if (/username|name/i.test(name)) return fc.constantFrom("fuzzer_one", "ada", user.username);
  if (/url|redirect|image/i.test(name)) return fc.constantFrom("/login", "https://example.com/x", "/media/a.png");
  if (name === "role") return fc.constantFrom("user", "admin", "superuser");
  return fc.string({ maxLength: 20 });
}

/** A value for a field: mostly one the schema asks for (to get past validation), sometimes junk. */
function valueFor(name: string, schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => valueFor(name, s, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let good: fc.Arbitrary<unknown>;
  if (schema.enum?.length) good = fc.constantFrom(...schema.enum);
  else if (type === "object" && depth < 3) good = objectFor(schema, depth + 1);
  else if (type === "array" && depth < 3)
    good = fc.array(valueFor(name, schema.items ?? {}, depth + 1), { maxLength: 3 });
  else if (type === "integer" || type === "number") good = fc.oneof(fc.nat({ max: 100 }), junkNumber);
  else if (type === "boolean") good = fc.boolean();
  else good = validString(name, schema);
  return fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: junkJson });
}

function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, valueFor(k, s, depth)]));
  return fc
    .tuple(
      fc.record(props, { requiredKeys: [] }),
      fc.option(fc.dictionary(junkText, junkJson, { maxKeys: 2 }), { nil: undefined }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

type Body = { contentType?: string; body?: BodyInit; describe: string };

function bodyFor(op: Operation): fc.Arbitrary<Body> {
  const shaped = op.body ? objectFor(op.body) : junkJson;
  const asJson = (value: unknown, contentType = "application/json"): Body => {
    const text = JSON.stringify(value) ?? "null";
    return { contentType, body: text, describe: text.slice(0, 300) };
  };
  const asForm = (value: unknown, contentType: string): Body => {
    const entries = Object.entries(value && typeof value === "object" ? value : { value }).map(
      ([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)] as [string, string],
    );
    if (contentType === "multipart") {
      const form = new FormData();
      for (const [k, v] of entries) form.append(k, v);
      form.append("file", new Blob([`junk${NUL}bytes`]), `name${NUL}.png`);
      return { body: form, describe: `multipart ${JSON.stringify(entries).slice(0, 300)}` };
    }
    const text = new URLSearchParams(entries).toString();
    return { contentType, body: text, describe: text.slice(0, 300) };
  };
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((v) => asJson(v)) },
    { weight: 2, arbitrary: junkJson.map((v) => asJson(v)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom("text/plain", "application/json; charset=utf-16", "a/b/c", "application/xml"))
        .map(([v, type]) => asJson(v, type)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom("application/x-www-form-urlencoded", "multipart"))
        .map(([v, type]) => asForm(v, type)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "{",
            '{"a":',
            "[1,",
            "nul",
            '{"email":"a\u0000b@example.com"}',
            "\ufeff{}",
            '{"__proto__":{"polluted":1}}',
            "1".repeat(400),
          ),
          fc.constantFrom("application/json", undefined, "multipart/form-data; boundary=x", "text/plain"),
        )
        .map(([text, contentType]) => ({ contentType, body: text, describe: text.slice(0, 300) })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ contentType: "application/json", body: "", describe: "(empty)" }) },
    { weight: 1, arbitrary: fc.constant<Body>({ describe: "(no body)" }) },
  );
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes in raw. */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s;
  }
};

const pathValue = fc.oneof(
  fc.constantFrom("0".repeat(24), "ffffffffffffffffffffffff", "a/b", "%2F", "%2e%2e"),
  junkText.map((s) => (s.length > 5000 ? s.slice(0, 5000) : s)),
  junkText.map(encode).filter((s) => s.length < 8000),
);

function fillPath(op: Operation, values: string[]): string {
  let i = 0;
  return op.path.replace(/\{[^}]+\}/g, () => {
    const v = values[i++] ?? "x";
    return v === "" ? "%20" : v;
  });
}

function queryFor(op: Operation): fc.Arbitrary<string> {
  const entry = (name: string, schema: JsonSchema) =>
    fc
      .oneof(
        valueFor(name, schema).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
        junkText,
      )
      .map((v) => `${encode(name)}=${encode(v)}`);
  const raw = fc.constantFrom("%", "a=%E0%A4%A", "page=%00", "x=%zz", "&&&", "a[b]=1&a[b]=2", "search=1&search=2");
  const declared = Object.entries(op.query).map(([name, schema]) => fc.option(entry(name, schema), { nil: "" }));
  return fc
    .tuple(fc.tuple(...declared), fc.oneof({ weight: 7, arbitrary: fc.constant("") }, { weight: 1, arbitrary: raw }))
    .map(([parts, extra]) => [...parts, extra].filter(Boolean).join("&"))
    .map((q) => (q ? `?${q}` : ""));
}

type Who = "anonymous" | "user" | "admin" | "bad token" | "bad cookie";
const who = fc.constantFrom<Who>("anonymous", "user", "admin", "bad token", "bad cookie");

function credentials(w: Who): Record<string, string> {
  switch (w) {
    case "user":
      return { Authorization: `Bearer ${user.token}` };
    case "admin":
      return { Authorization: `Bearer ${admin.token}` };
    case "bad token":
      return { Authorization: "Bearer not-a-token.%00" };
    case "bad cookie":
      return { Cookie: "academy.session_token=forged.value%00", Origin: new URL(t.env.PUBLIC_URL).origin };
    default:
      return {};
  }
}

const ODD_METHODS = ["PATCH", "DELETE", "PUT", "OPTIONS", "HEAD", "PROPFIND", "FOO"];

function requestFor(op: Operation) {
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(op.method) },
      { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
    ),
    path: fc.array(pathValue, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
    query: queryFor(op),
    body: bodyFor(op),
    who,
  });
}

// ---------------------------------------------------------------------------------------------------
// The check

async function send(url: string, method: string, headers: Record<string, string>, body: Body): Promise<Response> {
  const h = new Headers(headers);
  h.set("Origin", new URL(t.env.PUBLIC_URL).origin);
  const withBody = method !== "GET" && method !== "HEAD";
  if (withBody && body.contentType) h.set("Content-Type", body.contentType);
  // Better Auth limits requests per client address: every request comes from another one.
  const n = ++ipCounter;
  const socket = { remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, remoteFamily: "IPv4" };
  return t.app.request(url, { method, headers: h, body: withBody ? body.body : undefined }, { incoming: { socket } });
}

async function expectWellFormed(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what}\n→ ${res.status} ${text.slice(0, 500)}`).toBeLessThan(500);
  if (res.status < 400) return;
  expect(res.headers.get("content-type") ?? "", `${what}\n→ ${res.status} not JSON: ${text.slice(0, 300)}`).toMatch(
    /^application\/json/,
  );
  const json = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof json.error?.code, `${what}\n→ ${res.status} ${text.slice(0, 300)}`).toBe("string");
  expect(json.error?.message, `${what}\n→ ${res.status} ${text.slice(0, 300)}`).toEqual(expect.any(String));
}

/** Runs the generated requests of one operation; the failure (shrunk to its smallest request), or null. */
async function fuzz(op: Operation, seed: number): Promise<string | null> {
  const details = await fc.check(
    fc.asyncProperty(requestFor(op), async (r) => {
      const url = fillPath(op, r.path) + r.query;
      const what = `${r.method} ${url.slice(0, 300)} as ${r.who}, body ${r.body.contentType ?? "-"} ${r.body.describe}`;
      const res = await send(url, r.method, credentials(r.who), r.body);
      // HEAD has no body; "/backend/comments/../.." is "/" once the URL is parsed: a page address
      if (r.method === "HEAD" || !new URL(url, "http://x").pathname.startsWith("/backend/")) {
        expect(res.status, what).toBeLessThan(500);
        return;
      }
      await expectWellFormed(res, what);
    }),
    { seed, numRuns: runs },
  );
  if (!details.failed) return null;
  const error = details.errorInstance;
  return `${op.method} ${op.path} (seed ${seed}): ${error instanceof Error ? error.message : String(error)}`;
}

describe("generated bad requests never get a 500", () => {
  it("covers every operation of the OpenAPI document and Better Auth's main routes", async () => {
    const ops = await apiOperations();
    // the contract (read from the document, so it grows with the API) and a sanity floor
    expect(ops.length).toBeGreaterThanOrEqual(18);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toContain("PUT /backend/api/admin/users/{id}/role");

    const all = [...ops, ...authOperations];
    runs = FUZZ_RUNS ?? Math.max(20, Math.round(BUDGET / all.length));
    const failures: string[] = [];
    for (const [i, op] of all.entries()) {
      const failure = await fuzz(op, SEED + i);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("/media answers bad addresses with a 4xx", async () => {
    const media = fc.oneof(
      junkText.map((s) => `/media/${s.slice(0, 2000)}`),
      fc.constantFrom("/media/%", "/media/%E0%A4%A", "/media/%00", "/media/..%2F..%2Fetc%2Fpasswd", "/media/a%ZZ.png"),
    );
    await fc.assert(
      fc.asyncProperty(media, async (url) => {
        const res = await t.request(url);
        // "/media/../x" is "/x" once the URL is parsed: a page address, not /media's
        if (!new URL(url, "http://x").pathname.startsWith("/media/")) return;
        await expectWellFormed(res, `GET ${url}`);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// The Host header (issue 15: `Host: x.9` was a 500 on every route). The Node adapter builds each
// request's URL from it, so this goes through a real socket to the app served as in production.

/** Sends `GET path` with the raw Host header `host`; the status and body. */
function withHost(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers: { Host: host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a bad Host header", () => {
  let server: ReturnType<typeof serve>;
  let port = 0;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1", overrideGlobalObjects: true });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const PATHS = [
    "/",
    "/login",
    "/backend/health",
    "/backend/posts",
    "/backend/api/auth/get-session",
    "/media/x.png",
    "/rss.xml",
  ];

  it("is a 400 that says so on every kind of route (pages, /backend, /media)", async () => {
    for (const host of ["x.9", "a.b.1", "1.2.3.999", "example.0x1f", "localhost.123456"]) {
      expect(URL.canParse(`http://${host}/`), host).toBe(false);
      for (const path of PATHS) {
        const res = await withHost(port, host, path);
        expect(res.status, `Host: ${host} GET ${path} → ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.body).toContain(path.startsWith("/backend/") ? JSON.stringify(BAD_HOST_MESSAGE) : BAD_HOST_MESSAGE);
      }
    }
    // a good one still works
    expect((await withHost(port, `127.0.0.1:${port}`, "/backend/health")).status).toBe(200);
  });

  it("generated hosts never get a 500", async () => {
    const label = fc.stringMatching(/^[a-z0-9_-]{0,8}$/);
    const host = fc.oneof(
      // names whose last label is a number (or looks like one): the URL parser reads them as IPv4
      fc
        .tuple(
          fc.array(label, { minLength: 1, maxLength: 3 }),
          fc.oneof(fc.nat({ max: 99999 }).map(String), fc.constantFrom("0x", "0x1g", "08", "1e3")),
        )
        .map(([labels, last]) => [...labels, last].join(".")),
      fc.tuple(label, fc.nat({ max: 70000 })).map(([l, p]) => `${l}.9:${p}`),
      fc.constantFrom(
        "",
        ".",
        "..",
        "x..9",
        "-.9",
        "[::1",
        "[zz]",
        "a b",
        "a@b",
        "a%00b",
        "a/b",
        "a?b",
        "a#b",
        "é.9",
        "x".repeat(300) + ".9",
      ),
    );
    await fc.assert(
      fc.asyncProperty(host, fc.constantFrom(...PATHS), async (h, path) => {
        const res = await withHost(port, h, path);
        expect(res.status, `Host: ${JSON.stringify(h)} GET ${path} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: 150 },
    );
  }, 120_000);
});
