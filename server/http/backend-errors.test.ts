// The backstop behind the input guard: a value the database refuses (SQLSTATE class 22) is a 422,
// and the log line of any unexpected error carries no submitted data (Drizzle's "params: …", values
// quoted in a driver or parser message). Real queries on the test database, on both engines.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db.ts";
import type { Database } from "../db/client.ts";
import { dataErrorToDomain, safeErrorFields, sqlState } from "../db/errors.ts";
import { contacts, newsletterSubscribers } from "../db/schema.ts";
import { createLogger } from "../lib/logger.ts";
import { NotFound } from "../lib/errors.ts";
import { handleError } from "./backend.ts";

const SECRET = "secret.person@example.com";
const SECRET_NAME = "Ada Secretname";

let database: Database;
let lines: string[];
let app: Hono;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  lines = [];
  const logger = createLogger("debug", (line) => lines.push(line));
  app = new Hono();
  app.onError((err, c) => handleError(err, c, { logger }));
  // Each route fails the way a route with a missing check would.
  app.post("/nul", async (c) => {
    await db.insert(contacts).values({ email: SECRET, name: `${SECRET_NAME}\u0000`, subject: "Other", message: "hi" });
    return c.text("stored");
  });
  app.post("/bad-number", async (c) => {
    await db.execute(sql`select ${`${SECRET_NAME}`}::int`);
    return c.text("no");
  });
  app.post("/duplicate", async (c) => {
    await db.insert(newsletterSubscribers).values({ email: SECRET, unsubscribeToken: "a" });
    await db.insert(newsletterSubscribers).values({ email: SECRET, unsubscribeToken: "b" });
    return c.text("no");
  });
  app.post("/parse", async (c) => {
    JSON.parse(`{"email": "${SECRET}", oops}`);
    return c.text("no");
  });
  app.get("/domain", () => {
    throw NotFound("No such thing");
  });
});
afterAll(() => database.close());

const post = (path: string) => app.request(path, { method: "POST" });

describe("a value the database refuses", () => {
  it("NUL in text (22021 or 22P05 …): 422 with a clear message, and nothing stored", async () => {
    const res = await post("/nul");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: "invalid",
        message: "A text value contains a character that cannot be stored (such as NUL, \\0): remove it and try again.",
      },
    });
    expect(await database.db.select().from(contacts)).toEqual([]);
  });

  it("text where a number goes (22P02): 422", async () => {
    const res = await post("/bad-number");
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "A value has the wrong format (for example, text where a number or an id is expected).",
    );
  });

  it("maps only class 22, wherever Drizzle put the driver's error", () => {
    const driver = Object.assign(new Error("value too long"), { code: "22001" });
    const wrapped = Object.assign(new Error("Failed query: insert …\nparams: x"), { cause: driver });
    expect(sqlState(wrapped)).toBe("22001");
    expect(dataErrorToDomain(wrapped)?.code).toBe("invalid");
    expect(dataErrorToDomain(Object.assign(new Error("dup"), { code: "23505" }))).toBeNull();
    // Node's own error codes are no SQLSTATE
    expect(sqlState(Object.assign(new Error("pipe"), { code: "EPIPE" }))).toBeUndefined();
    expect(dataErrorToDomain(new Error("plain"))).toBeNull();
  });
});

describe("the log line of an unexpected error", () => {
  it("names the SQLSTATE, the constraint and the query, but not the submitted values", async () => {
    lines.length = 0;
    const res = await post("/duplicate");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: { code: "internal", message: "Something went wrong on our side. Please try again." },
    });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: "error", msg: "unhandled error", method: "POST", path: "/duplicate" });
    expect(line.sqlState).toBe("23505");
    expect(line.constraint).toEqual(expect.stringContaining("email"));
    expect(line.error).toMatch(/^Failed query: insert into "newsletter_subscribers"/);
    expect(line.stack).toMatch(/^\s+at /);
    expect(lines[0]).not.toContain(SECRET);
    expect(lines[0]).not.toContain("params");
  });

  it("keeps values quoted in other messages out too (a JSON parser quotes the text it read)", async () => {
    lines.length = 0;
    expect((await post("/parse")).status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("secret.person");
    expect((JSON.parse(lines[0]!) as { errorName: string }).errorName).toBe("SyntaxError");
  });

  it("is not written for refusals: domain errors and data errors are answers, not faults", async () => {
    lines.length = 0;
    expect((await app.request("/domain")).status).toBe(404);
    expect((await post("/nul")).status).toBe(422);
    expect(lines).toEqual([]);
  });

  it("scrubs quoted values and Drizzle's parameters from any error's fields", () => {
    const driver = Object.assign(new Error(`invalid input syntax for type integer: "${SECRET_NAME}"`), {
      code: "22P02",
      detail: `Key (email)=(${SECRET}) already exists.`,
      table: "user",
    });
    const wrapped = Object.assign(new Error(`Failed query: select $1::int\nparams: ${SECRET_NAME},${SECRET}`), {
      cause: driver,
    });
    const fields = safeErrorFields(wrapped);
    expect(fields).toMatchObject({
      sqlState: "22P02",
      table: "user",
      error: "Failed query: select $1::int",
      cause: 'invalid input syntax for type integer: "…"',
    });
    expect(JSON.stringify(fields)).not.toMatch(/Secretname|secret\.person/);
    expect(safeErrorFields(new Error(`Unknown user '${SECRET}'`)).error).toBe("Unknown user '…'");
  });
});
