// The coupon screens' status cell (app/features/coupons/coupon-list.tsx; spec admin §4, decision 034,
// issue 29): Active or Invalid, with Expired and Used up beside it; a coupon whose course was deleted
// applies to nothing and never reads Active. The state itself is the service's (issue 30: computed
// once; server/features/coupons/coupon-state.test.ts): the cell shows it as it is.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { COUPON_SCREEN_TEXTS as T } from "../../../contract/coupons/coupon-form.ts";
import type { CouponJson } from "../../../contract/coupons/coupons.ts";
import { CouponStatus } from "./coupon-list.tsx";
import { TEST_COUPON as COUPON } from "../../../tests/support/coupon-sample.ts";

/** The badges' words, in order. */
function statusOf(isValid: boolean, state: Partial<CouponJson["state"]> = {}) {
  const html = renderToStaticMarkup(
    <CouponStatus coupon={{ ...COUPON, isValid, state: { ...COUPON.state, ...state } }} />,
  );
  return [...html.matchAll(/>([^<>]+)</g)].map((m) => m[1]);
}

describe("a coupon's status", () => {
  it("Active or Invalid, with Expired and Used up beside it", () => {
    expect(statusOf(true)).toEqual([T.active]);
    expect(statusOf(false, { active: false })).toEqual([T.invalid]);
    expect(statusOf(true, { active: false, expired: true, usedUp: true, usesLeft: 0 })).toEqual([
      T.active,
      T.expired,
      T.usedUp,
    ]);
  });

  it("a coupon whose course was deleted: Not usable and Course deleted, never Active", () => {
    expect(statusOf(true, { active: false, courseGone: true })).toEqual([T.notUsable, T.courseGone]);
    expect(statusOf(false, { active: false, courseGone: true })).toEqual([T.invalid, T.courseGone]);
  });
});
