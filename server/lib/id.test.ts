import { describe, expect, it } from "vitest";
import { ID_PATTERN, isId, newId } from "./id.ts";

describe("newId", () => {
  it("makes 24 lowercase hex characters", () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it("starts with the creation time in seconds, so ids made later sort after earlier ones", () => {
    const start = Date.UTC(2025, 0, 1);
    const ids = Array.from({ length: 50 }, (_, i) => newId(start + i * 1000));
    expect([...ids].sort()).toEqual(ids);
    expect(parseInt(ids[0]!.slice(0, 8), 16)).toBe(start / 1000);
    // a later second always sorts after, whatever the counter
    expect(newId(start + 1000) > newId(start + 999)).toBe(true);
  });

  it("sorts ids made now after ids made a second ago", () => {
    const earlier = newId(Date.now() - 1000);
    expect(newId() > earlier).toBe(true);
  });

  it("is unique over 10,000 ids made in the same second", () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newId(now)));
    expect(ids.size).toBe(10_000);
  });
});

describe("isId", () => {
  it("accepts our ids and rejects anything else", () => {
    expect(isId(newId())).toBe(true);
    expect(ID_PATTERN.test("0123456789abcdef01234567")).toBe(true);
    for (const bad of [
      "",
      "0123456789ABCDEF01234567",
      "0123456789abcdef0123456",
      "0123456789abcdef012345678",
      "g123456789abcdef01234567",
    ]) {
      expect(isId(bad), bad).toBe(false);
    }
  });
});
