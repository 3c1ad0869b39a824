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

  it("leaves other errors and skipped services alone", () => {
    expect(() => wrapped.things.broken()).toThrow("boom");
    expect(toPageError(new Error("boom"))).toBeNull();
    expect(() => wrapped.raw.find()).toThrow("left alone");
    expect(toPageError(NotFound("x"))).toMatchObject({ status: 404 });
  });
});
