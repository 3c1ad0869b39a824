// The dashboard's last 30 days and their CSV exports (issue 17 "Figures and exports"; decision 038), on
// the real services of a test app: the dashboard's loader and its server HTML (the tables, readable
// without JavaScript, no chart before hydration, a CSV link per figure), and the export route
// (/admin/figures/{figure}.csv): admins only, a UTF-8 file with its BOM, quoted and formula-guarded.
import { randomBytes } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIGURE_NAMES } from "../../contract/admin/figures.ts";
import { coupons, couponUsages, courses, paymentEvents, payments } from "../../server/db/schema.ts";
import { makeCourse } from "../support/factories.ts";
import { createAccount, type TestAccount } from "../support/accounts.ts";
import { actorOf, pageContext } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { PAGES } from "../../app/pages.ts";
import { pageChain } from "../../app/lib/page-access.server.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import AdminDashboard, { loader as dashboardLoader } from "../../app/routes/admin/dashboard.tsx";
import { loader as csvLoader } from "../../app/routes/admin/figures-csv.ts";

let t: TestApp;
let admin: Actor;
let plain: Actor;
/** a course name a spreadsheet would run as a formula, with quotes, a comma and Yoruba letters in it */
const NASTY = '=HYPERLINK("http://evil.example","Adébáyọ̀, the best course")';
beforeAll(async () => {
  t = await createTestApp();
  const adminAccount: TestAccount = await createAccount(t, { admin: true });
  const plainAccount: TestAccount = await createAccount(t);
  admin = actorOf(adminAccount, { admin: true });
  plain = actorOf(plainAccount);
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: NASTY }))
    .returning();
  const [coupon] = await t.db.insert(coupons).values({ code: "-SAVE10", discount: 10 }).returning();
  const paid = async (amount: number, refunded: boolean, details: Record<string, unknown> = {}) => {
    const [row] = await t.db
      .insert(payments)
      .values({
        reference: `ta_${randomBytes(12).toString("hex")}`,
        kind: "course",
        itemId: course!.id,
        email: "buyer@example.test",
        amount,
        status: refunded ? "refunded" : "paid",
        gateway: "sandbox",
        details,
        verifiedAt: new Date(),
      })
      .returning();
    await t.db
      .insert(paymentEvents)
      .values({ paymentId: row!.id, fromStatus: "pending", toStatus: "paid", source: "verify" });
    if (refunded)
      await t.db
        .insert(paymentEvents)
        .values({ paymentId: row!.id, fromStatus: "paid", toStatus: "refunded", source: "webhook" });
    return row!;
  };
  const withCoupon = await paid(4_500_050, false, { couponId: coupon!.id, listAmount: 5_000_050 });
  await paid(2_000_000, true);
  await t.db.insert(couponUsages).values({
    couponId: coupon!.id,
    courseId: course!.id,
    userName: "Ada",
    email: "ada@example.test",
    phone: "0803",
    paymentStatus: "paid",
    paymentReference: withCoupon.reference,
  });
}, 60_000);
afterAll(() => t.close());

function loaderArgs(path: string, who: Actor | null, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`);
  return { request, url: new URL(request.url), params, context: pageContext(t, who), pattern: path };
}

async function csv(file: string, who: Actor | null = admin): Promise<Response> {
  return (await csvLoader(
    loaderArgs(`/admin/figures/${file}`, who, { file }) as unknown as Parameters<typeof csvLoader>[0],
  )) as Response;
}

async function refusal(call: () => Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await call();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const { init } = thrown as { init?: ResponseInit };
    return { status: init?.status ?? 0 };
  }
  throw new Error("not refused");
}

describe("/admin/figures/{figure}.csv", () => {
  it("is an admin page of the page table (the root middleware refuses others before the loader)", () => {
    const chain = pageChain(PAGES, "/admin/figures/revenue.csv");
    expect(chain.map((p) => p.file)).toEqual(["routes/admin/layout.tsx", "routes/admin/figures-csv.ts"]);
    expect(chain.every((p) => p.access === "admin")).toBe(true);
  });

  it("sends the signed-out to /login and refuses a plain user (403), also in the loader", async () => {
    expect(await refusal(() => csv("revenue.csv", null))).toEqual({
      status: 302,
      location: "/login?redirectTo=%2Fadmin%2Ffigures%2Frevenue.csv",
    });
    expect(await refusal(() => csv("revenue.csv", plain))).toEqual({ status: 403 });
  });

  it("answers an unknown figure with a 404", async () => {
    for (const file of ["nothing.csv", "revenue", "revenue.csv.csv", "REVENUE.csv"]) {
      const res = await csv(file);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("No such figure");
    }
  });

  it("gives each figure as an attachment: UTF-8 with its BOM, CRLF lines, the dashboard's columns", async () => {
    for (const name of FIGURE_NAMES) {
      const res = await csv(`${name}.csv`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("Content-Disposition")).toMatch(
        new RegExp(`^attachment; filename="[a-z-]+-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes)).toMatch(/\r\n$/);
    }
    const revenue = (await (await csv("revenue.csv")).text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(revenue[0]).toBe("Day,Payments,Gross (₦),Refunds,Refunded (₦),Net (₦)");
    expect(revenue).toHaveLength(1 + 30 + 1); // the header, 30 days, the last line's end
    // today: both payments paid (₦45,000.50 + ₦20,000), one refunded, the net in naira with 2 decimals
    expect(revenue[30]).toMatch(/^\d{4}-\d{2}-\d{2},2,65000\.50,1,20000\.00,45000\.50$/);
  });

  it("quotes names with commas and quotes, and guards text a spreadsheet would run as a formula", async () => {
    const body = await (await csv("enrolments.csv")).text();
    expect(body).toContain(
      `Course,Enrolments,Refunded,Kept,Net revenue (₦)\r\n"'=HYPERLINK(""http://evil.example"",""Adébáyọ̀, the best course"")",2,1,1,45000.50\r\n`,
    );
    const couponsCsv = await (await csv("coupons.csv")).text();
    expect(couponsCsv).toContain("Code,Uses,Paid,Refunded,Coupon discount (₦)\r\n'-SAVE10,1,1,0,5000.00\r\n");
  });
});

describe("/admin: the last 30 days", () => {
  async function load(who: Actor | null) {
    return dashboardLoader(loaderArgs("/admin", who) as unknown as Parameters<typeof dashboardLoader>[0]);
  }

  it("refuses the signed-out and plain users", async () => {
    expect((await refusal(() => load(null))).status).toBe(302);
    expect((await refusal(() => load(plain))).status).toBe(403);
  });

  it("renders every figure's table on the server, with its CSV link and no chart before hydration", async () => {
    const loaderData = await load(admin);
    expect(loaderData.lastDays.totals).toMatchObject({ paidCount: 2, grossKobo: 6_500_050, refundsKobo: 2_000_000 });
    const Stub = createRoutesStub([
      {
        id: "dashboard",
        path: "/admin",
        Component: AdminDashboard as unknown as React.ComponentType,
        loader: () => loaderData,
        HydrateFallback: () => null,
      },
    ]);
    const html = renderToStaticMarkup(
      <Stub initialEntries={["/admin"]} hydrationData={{ loaderData: { dashboard: loaderData } }} />,
    );
    expect(html).toContain("Last 30 days");
    for (const title of ["Revenue by day", "Enrolments by course", "Tickets by event", "Coupon use"])
      expect(html).toContain(`>${title}</h3>`);
    for (const name of FIGURE_NAMES) expect(html).toContain(`href="/admin/figures/${name}.csv" download=""`);
    // the totals and the course's row, in naira; the empty figure's own text
    expect(html).toContain("₦65,000.50");
    expect(html).toContain("₦45,000.50");
    expect(html).toContain("=HYPERLINK(&quot;http://evil.example&quot;,&quot;Adébáyọ̀, the best course&quot;)");
    expect(html).toContain("No tickets sold in these 30 days.");
    // the table is the figure without JavaScript; the chart is drawn only once hydrated
    expect(html).not.toContain('role="img"');
    expect(html).not.toContain("uplot");
  });
});
