// The coupon screens' loaders when a service fails (app/lib/coupon-admin.server.ts), with stand-in
// services: the list says the spec's 'Failed to load coupons. Please try again.' in its place, the
// detail page is the error page with 'Failed to load coupon details. Please try again.'. (The working
// paths run on the real services: tests/unit/admin-coupons-action.test.ts.)
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { COUPON_MESSAGES, type CouponJson } from "../../contract/coupons.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import { appContext, type AppContext } from "./context.ts";
import { loadCouponDetail, loadCoupons } from "./coupon-admin.server.ts";
import { pageServices } from "./page-errors.server.ts";

const ADMIN: Actor = {
  id: "a",
  username: "ada",
  email: "ada@example.test",
  image: null,
  role: "admin",
  sessionId: "s",
  verifiedAt: null,
};
const ID = "0123456789abcdef01234567";

const COUPON: CouponJson = {
  _id: ID,
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

const broken = async (): Promise<never> => {
  throw new Error("connection reset");
};

function args(services: object, path: string, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    actor: ADMIN,
    services: pageServices(services as Record<string, object>),
    cookieSecret: "test-secret",
    secureCookies: false,
  } as unknown as AppContext);
  return { request: new Request(`http://localhost${path}`), params, context };
}

describe("the coupon list's loader", () => {
  it("shows 'Failed to load coupons. Please try again.' when the coupons, or the courses, cannot be read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const services of [
      { coupons: { admin: { list: vi.fn(broken) } }, catalog: { listCourses: vi.fn(async () => []) } },
      { coupons: { admin: { list: vi.fn(async () => [COUPON]) } }, catalog: { listCourses: vi.fn(broken) } },
    ]) {
      const loaded = await loadCoupons(args(services, "/coupon-table"));
      expect(loaded).toMatchObject({ coupons: [], error: COUPON_MESSAGES.loadFailed });
    }
    const fine = await loadCoupons(
      args(
        {
          coupons: { admin: { list: vi.fn(async () => [COUPON]) } },
          catalog: { listCourses: vi.fn(async () => [{ _id: "c1", title: "Cyber" }]) },
        },
        `/coupon-table?edit=${ID}`,
      ),
    );
    expect(fine).toMatchObject({
      coupons: [COUPON],
      courses: [{ _id: "c1", title: "Cyber" }],
      editing: ID,
      error: null,
    });
    vi.restoreAllMocks();
  });
});

describe("the coupon detail's loader", () => {
  it("is the error page with 'Failed to load coupon details. Please try again.' when reading fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const services of [
      { coupons: { admin: { detail: vi.fn(broken) } }, catalog: { coursesByIds: vi.fn(async () => []) } },
      { coupons: { admin: { detail: vi.fn(async () => COUPON) } }, catalog: { coursesByIds: vi.fn(broken) } },
    ]) {
      await expect(loadCouponDetail(args(services, `/coupons/view/${ID}`, { couponId: ID }))).rejects.toMatchObject({
        init: { status: 500 },
        data: { message: COUPON_MESSAGES.detailFailed },
      });
    }
    vi.restoreAllMocks();
  });

  it("names the courses it finds; the others are left to say 'Deleted Course'", async () => {
    const coursesByIds = vi.fn(async () => [{ _id: "c1", title: "Cyber" }]);
    const coupon = {
      ...COUPON,
      usageRecords: [
        { _id: "u1", userName: "Ada", email: "a@x.test", phone: "", courseId: "c2", paymentStatus: "paid", usedAt: "" },
      ],
    };
    const loaded = await loadCouponDetail(
      args(
        { coupons: { admin: { detail: vi.fn(async () => coupon) } }, catalog: { coursesByIds } },
        `/coupons/view/${ID}`,
        {
          couponId: ID,
        },
      ),
    );
    expect(coursesByIds).toHaveBeenCalledWith(["c1", "c2"]);
    expect(loaded.courseNames).toEqual({ c1: "Cyber" });
  });
});
