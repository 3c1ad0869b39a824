// A coupon as the API answers it, for tests of the coupon screens that call their code directly.
import type { CouponJson } from "../../contract/coupons/coupons.ts";

export const TEST_COUPON: CouponJson = {
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
  state: { active: true, expired: false, usedUp: false, usesLeft: null, courseGone: false },
  usageRecords: [],
};
