// The paging contract: what a page query accepts, clamps and refuses, and the page shape.
import { describe, expect, it } from "vitest";
import { IdSchema } from "./common.ts";
import { offsetOf, pageCount, pageQuerySchema, pageSchema, PAGING_MESSAGES, readPageNumber } from "./paging.ts";

describe("pageQuerySchema", () => {
  const schema = pageQuerySchema({ pageSize: 25, maxPageSize: 50 });

  it("defaults to the first page of the list's size and reads query strings", () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(schema.parse({ page: "3", pageSize: "10" })).toEqual({ page: 3, pageSize: 10 });
  });

  it("clamps a page size above the list's maximum and a page beyond the last allowed", () => {
    expect(schema.parse({ pageSize: "1000" }).pageSize).toBe(50);
    expect(schema.parse({ page: "99999999" }).page).toBe(10_000);
    expect(pageQuerySchema({ pageSize: 10, maxPageSize: 5000 }).parse({ pageSize: "5000" }).pageSize).toBe(100);
  });

  it("refuses what is not a whole number from 1, naming the parameter", () => {
    for (const page of ["0", "-1", "1.5", "abc", ""]) {
      const result = schema.safeParse({ page });
      expect(result.success, page).toBe(false);
      expect(result.error?.issues[0]?.message, page).toBe(PAGING_MESSAGES.page);
    }
    expect(schema.safeParse({ pageSize: "0" }).error?.issues[0]?.message).toBe(PAGING_MESSAGES.pageSize);
  });
});

describe("page helpers", () => {
  it("reads ?page= leniently for pages: anything unreadable is page 1", () => {
    expect(readPageNumber(new URLSearchParams("page=4"))).toBe(4);
    expect(readPageNumber(new URLSearchParams("page=nope"))).toBe(1);
    expect(readPageNumber(new URLSearchParams(""))).toBe(1);
  });

  it("counts offsets and pages", () => {
    expect(offsetOf({ page: 3, pageSize: 25 })).toBe(50);
    expect(pageCount({ pageSize: 25, total: 0 })).toBe(1);
    expect(pageCount({ pageSize: 25, total: 26 })).toBe(2);
  });

  it("makes a page schema of any item schema", () => {
    const schema = pageSchema(IdSchema);
    const id = "0123456789abcdef01234567";
    expect(schema.parse({ items: [id], page: 1, pageSize: 25, total: 1 })).toEqual({
      items: [id],
      page: 1,
      pageSize: 25,
      total: 1,
    });
    expect(schema.safeParse({ items: ["x"], page: 1, pageSize: 25, total: 1 }).success).toBe(false);
    expect(schema.safeParse({ users: [], page: 1, pageSize: 25, total: 0 }).success).toBe(false);
  });
});
