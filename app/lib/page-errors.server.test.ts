import { describe, expect, it } from "vitest";
import { Conflict, NotFound } from "../../server/lib/errors.ts";
import { pageServices, toPageError } from "./page-errors.server.ts";

const services = {
  things: {
    base: 2,
    async find(id: string) {
      if (id === "missing") throw NotFound("Thing not found");
      return { id, times: this.base };
    },
    clash() {
      throw Conflict("Already there");
    },
    broken() {
      throw new Error("boom");
    },
    async store() {
      // what drizzle throws when PostgreSQL refuses a NUL: the driver's error as the cause
      throw new Error("Failed query: select 1\nparams: secret@example.com", {
        cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" }),
      });
    },
  },
  raw: {
    find() {
      throw NotFound("left alone");
    },
  },
};

describe("pageServices", () => {
  const wrapped = pageServices(services, ["raw"]);

  it("passes results through and keeps `this`", async () => {
    expect(await wrapped.things.find("a")).toEqual({ id: "a", times: 2 });
    expect(wrapped.things.base).toBe(2);
  });

  it("turns a domain error, thrown or rejected, into a page error with its status", async () => {
    const rejected = await wrapped.things.find("missing").catch((e: unknown) => e);
    expect(toPageError(rejected)).toEqual({ code: "not_found", message: "Thing not found", status: 404 });
    let thrown: unknown;
    try {
      wrapped.things.clash();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 409 } });
    expect(toPageError(thrown)).toEqual({ code: "conflict", message: "Already there", status: 409 });
  });

  it("turns a value the database refuses (SQLSTATE class 22) into a 422", async () => {
    const refused = toPageError(await wrapped.things.store().catch((e: unknown) => e));
    expect(refused).toMatchObject({ code: "invalid", status: 422 });
    expect(refused?.message).not.toContain("secret@example.com");
  });

  it("leaves other errors and skipped services alone", () => {
    expect(() => wrapped.things.broken()).toThrow("boom");
    expect(toPageError(new Error("boom"))).toBeNull();
    expect(() => wrapped.raw.find()).toThrow("left alone");
    expect(toPageError(NotFound("x"))).toMatchObject({ status: 404 });
  });
});
