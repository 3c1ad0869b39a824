import { describe, expect, it } from "vitest";
import { DomainError } from "../../lib/errors.ts";
import {
  isRecentlyVerified,
  requireAdmin,
  requireRecentVerification,
  requireUser,
  toViewer,
  type Actor,
} from "./actor.ts";

const now = new Date("2026-03-01T12:00:00Z");
const actor = (over: Partial<Actor> = {}): Actor => ({
  id: "a".repeat(24),
  username: "ada",
  email: "ada@example.com",
  image: null,
  role: "user",
  sessionId: "s".repeat(24),
  verifiedAt: now,
  ...over,
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.code : "other";
  }
  return undefined;
}

describe("role checks", () => {
  it("signed out is unauthorized; a plain user is forbidden from admin work", () => {
    expect(codeOf(() => requireUser(null))).toBe("unauthorized");
    expect(codeOf(() => requireAdmin(null))).toBe("unauthorized");
    expect(codeOf(() => requireAdmin(actor()))).toBe("forbidden");
    expect(codeOf(() => requireAdmin(actor({ role: "admin" })))).toBeUndefined();
  });

  it("shows the web the spec's shape: username, imageUrl, publicMetadata.role", () => {
    expect(toViewer(actor({ role: "admin", image: "/media/a.png" }))).toEqual({
      id: "a".repeat(24),
      username: "ada",
      email: "ada@example.com",
      imageUrl: "/media/a.png",
      publicMetadata: { role: "admin" },
    });
  });
});

describe("step-up (moderate: 60 minutes)", () => {
  const hour = 60 * 60_000;
  it("accepts a password from the last 60 minutes and asks again after", () => {
    expect(isRecentlyVerified(actor({ verifiedAt: new Date(now.getTime() - hour) }), undefined, now)).toBe(true);
    expect(isRecentlyVerified(actor({ verifiedAt: new Date(now.getTime() - hour - 1000) }), undefined, now)).toBe(
      false,
    );
    expect(isRecentlyVerified(actor({ verifiedAt: null }), undefined, now)).toBe(false);
  });

  it("throws step_up_required, with a configurable window", () => {
    const old = actor({ verifiedAt: new Date(now.getTime() - 10_000) });
    expect(codeOf(() => requireRecentVerification(old, 5_000, now))).toBe("step_up_required");
    expect(codeOf(() => requireRecentVerification(old, 20_000, now))).toBeUndefined();
  });
});
