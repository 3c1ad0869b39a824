// The coupon screens' status cell (app/components/admin/coupon-list.tsx; spec admin §4, decision 034,
// issue 29): Active or Invalid, with Expired and Used up beside it; a coupon whose course was deleted
// applies to nothing and never reads Active.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { COUPON_SCREEN_TEXTS as T } from "../../../contract/coupon-form.ts";
import type { CouponJson } from "../../../contract/coupons.ts";
import { CouponStatus } from "./coupon-list.tsx";

const NOW = "2026-06-01T12:00:00.000Z";
const COUPON: CouponJson = {
  _id: "0123456789abcdef01234567",
  code: "SPRING",
  discount: 10,
  isValid: true,
  courseId: "c1",
  createdAt: "2026-01-01T10:00:00.000Z",
  usageLimit: null,
  expiresAt: null,
  timesUsed: 0,
  usesHeld: 0,
  usageRecords: [],
};

/** The badges' words, in order. */
function statusOf(coupon: Partial<CouponJson>, courseNames: Record<string, string> = { c1: "Cyber basics" }) {
  const html = renderToStaticMarkup(
    <CouponStatus coupon={{ ...COUPON, ...coupon }} now={NOW} courseNames={courseNames} />,
  );
  return [...html.matchAll(/>([^<>]+)</g)].map((m) => m[1]);
}

describe("a coupon's status", () => {
  it("Active or Invalid, with Expired and Used up beside it", () => {
    expect(statusOf({})).toEqual([T.active]);
    expect(statusOf({ courseId: null }, {})).toEqual([T.active]);
    expect(statusOf({ isValid: false })).toEqual([T.invalid]);
    expect(statusOf({ expiresAt: "2026-05-01T00:00:00.000Z", usageLimit: 2, timesUsed: 1, usesHeld: 1 })).toEqual([
      T.active,
      T.expired,
      T.usedUp,
    ]);
  });

  it("a coupon whose course was deleted: Not usable and Course deleted, never Active", () => {
    expect(statusOf({ courseId: "gone" })).toEqual([T.notUsable, T.courseGone]);
    expect(statusOf({ courseId: "gone", isValid: false })).toEqual([T.invalid, T.courseGone]);
  });
});
