// The coupon screens' loaders when a service fails (app/features/coupons/coupon-admin.server.ts), with stand-in
// services: the list says the spec's 'Failed to load coupons. Please try again.' in its place, the
// detail page is the error page with 'Failed to load coupon details. Please try again.'. (The working
// paths run on the real services: tests/unit/admin-coupons-action.test.ts.)
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { COUPON_MESSAGES } from "../../../contract/coupons/coupons.ts";
import { appContext, type AppContext } from "../../lib/context.ts";
import { couponsAction, loadCouponDetail, loadCoupons } from "./coupon-admin.server.ts";
import { pageServices, UNEXPECTED_REASON } from "../../lib/page-errors.server.ts";
import { createLogger } from "../../../server/lib/logger.ts";
import { TEST_ADMIN as ADMIN } from "../../../tests/support/actors.ts";
import { TEST_COUPON as COUPON } from "../../../tests/support/coupon-sample.ts";

const ID = "0123456789abcdef01234567";

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

describe("the coupon screens' action when a service fails unexpectedly (issue 29)", () => {
  const post = (fields: Record<string, string>, admin: object) => {
    const a = args({ coupons: { admin }, catalog: {} }, "/coupon-table");
    const lines: string[] = [];
    a.context.get(appContext).logger = createLogger("info", (line) => lines.push(line));
    const request = new Request("http://localhost/coupon-table", { method: "POST", body: new URLSearchParams(fields) });
    return { lines, answer: couponsAction({ ...a, request }) };
  };

  it("says the spec's texts on the same screen, not the error page, and logs one JSON line each", async () => {
    const toggle = post({ intent: "coupon.toggle", id: ID, isValid: "false" }, { update: vi.fn(broken) });
    expect(await toggle.answer).toEqual({
      ok: false,
      intent: "coupon.toggle",
      formError: `${COUPON_MESSAGES.updateFailed} ${UNEXPECTED_REASON}`,
      fieldErrors: {},
      values: { id: ID },
    });
    expect(((await toggle.answer) as { formError: string }).formError).toMatch(
      /^Failed to update coupon status\.\.\. /,
    );

    const remove = post({ intent: "coupon.delete", id: ID, confirmed: "yes" }, { remove: vi.fn(broken) });
    expect(await remove.answer).toMatchObject({
      ok: false,
      intent: "coupon.delete",
      formError: `${COUPON_MESSAGES.deleteFailed} ${UNEXPECTED_REASON}`,
    });
    expect(((await remove.answer) as { formError: string }).formError).toMatch(/^Failed to delete coupon\.\.\. /);

    const save = post({ intent: "coupon.save", id: ID, discount: "20", code: "SPRING" }, { update: vi.fn(broken) });
    expect(await save.answer).toMatchObject({ ok: false, intent: "coupon.save", values: { discount: "20" } });
    expect(((await save.answer) as { formError: string }).formError).toContain(UNEXPECTED_REASON);

    for (const { lines } of [toggle, remove, save]) {
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(line).toMatchObject({ level: "error", error: "connection reset", errorName: "Error" });
      expect(line.stack).toMatch(/^\s+at /);
    }
  });
});
