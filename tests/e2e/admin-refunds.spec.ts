// Refunds (issue 17 "Refunds"; decision 035): a learner buys a course in the sandbox (set up through the
// API), an admin refunds it from /admin/course/{id} (the question with a reason, then the password again
// once the step-up window has passed), the record says Refunded, the learner's /account still lists the
// course and its receipt, marked Refunded (issue 29; decision 065), and the learner gets one refund e-mail;
// a refunded ticket stays on /account too, without its QR code. It adds a course that /courses shows (and
// an event the showcase shows), so it runs in the "content-writes" project; what it adds is deleted at the
// end, whatever happens.
import type { APIRequestContext } from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import { ACCOUNT_TEXTS } from "../../contract/account/account.ts";
import { COURSE_MESSAGES } from "../../contract/courses/course-texts.ts";
import { REFUND_MESSAGES } from "../../contract/payments/refunds.ts";
import { DashboardPage } from "./pages/admin.ts";
import { CourseDetailPage } from "./pages/courses.ts";
import { expectAccessible } from "./support/a11y.ts";
import {
  bearerHeaders,
  createAccount,
  forgetPasswordProof,
  mailsTo,
  signInByApi,
  waitForMail,
  type Account,
} from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor, hydrated } from "./support/page.ts";

/** The API's headers for an admin's write: a fresh bearer token (no step-up needed). */
/** A course of its own and a learner who paid for it in the sandbox, all through the API. */
async function paidCourse(
  request: APIRequestContext,
  admin: Account,
  buyerEmail: string,
  origin: string,
  fullName: string,
) {
  const seeded = (await api<Course[]>(request, "courses"))[0]!;
  const created = await request.post("/backend/api/courses", {
    headers: await bearerHeaders(request, admin, origin),
    data: {
      title: `Refundable ${Date.now().toString(36)}`,
      instructor: "Ada Obi",
      category: seeded.category,
      price: 42000,
      img: seeded.img,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as Course;
  const started = await request.post("/backend/api/payments/course", {
    headers: { origin },
    data: { courseId: course._id, fullName, email: buyerEmail, phone: "08030000000" },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { reference, checkoutUrl } = (await started.json()) as { reference: string; checkoutUrl: string };
  expect(await (await request.post(`${checkoutUrl}/success`, { headers: { origin } })).json()).toMatchObject({
    status: "paid",
  });
  return { course, reference };
}

test("an admin refunds a paid course from its page (question, reason, password again): Refunded, marked on the learner's /account, one e-mail", async ({
  page,
  context,
  request,
  dataDir,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const admin = await createAccount(request, dataDir, { admin: true });
  const buyer = await createAccount(request, dataDir);
  await asReturningVisitor(page);

  // a course of its own, through the API
  const seeded = (await api<Course[]>(request, "courses"))[0]!;
  const title = `Refundable ${Date.now().toString(36)}`;
  const created = await request.post("/backend/api/courses", {
    headers: await bearerHeaders(request, admin, origin),
    data: { title, instructor: "Ada Obi", category: seeded.category, price: 42000, img: seeded.img },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as Course;

  try {
    // the learner buys it, signed in, through the sandbox checkout
    await signInByApi(context, buyer);
    const started = await context.request.post("/backend/api/payments/course", {
      headers: { origin },
      data: { courseId: course._id, fullName: "Kemi Bello", email: buyer.email, phone: "08030000000" },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { reference, checkoutUrl } = (await started.json()) as { reference: string; checkoutUrl: string };
    const paid = await context.request.post(`${checkoutUrl}/success`, { headers: { origin } });
    expect(await paid.json()).toMatchObject({ status: "paid" });
    await page.goto("/account");
    const myCourses = page.getByRole("main").getByRole("region", { name: "My courses" });
    await expect(myCourses.getByRole("heading", { level: 3, name: title })).toBeVisible();

    // the admin, in the same browser
    await context.clearCookies();
    await signInByApi(context, admin);
    const detail = new CourseDetailPage(page);
    await detail.goto(course._id);
    await hydrated(page);
    await expect(detail.purchase("Kemi Bello")).toContainText(COURSE_MESSAGES.paid);
    await expect(detail.figure("Total purchases")).toHaveText("1");

    // Cancel changes nothing
    await detail.refundButton("Kemi Bello").click();
    await expect(detail.refundDialog).toBeVisible();
    await expect(detail.refundDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await detail.refundDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(detail.refundDialog).toBeHidden();
    await expect(detail.refundButton("Kemi Bello")).toBeFocused();

    // the password proof of the sign-in is gone (as after 60 minutes): the refund asks for it again
    await forgetPasswordProof(context);
    await detail.refundButton("Kemi Bello").click();
    await expect(detail.refundDialog).toHaveAccessibleName(REFUND_MESSAGES.confirm(buyer.email, "₦42,000.00"));
    await detail.refundDialog.getByRole("textbox", { name: /Reason/ }).fill("The course was cancelled");
    await expectAccessible(page);
    await detail.refundDialog.getByRole("button", { name: "Refund ₦42,000.00" }).click();

    await expect(detail.stepUp).toBeVisible();
    await expect(detail.stepUp).toContainText(buyer.email);
    await detail.stepUp.getByLabel("Password").fill(admin.password);
    await detail.stepUp.getByRole("button", { name: "Confirm and refund" }).click();

    await expect(detail.toast(REFUND_MESSAGES.done)).toBeVisible();
    await expect(detail.purchase("Kemi Bello")).toContainText("Refunded");
    await expect(detail.refundButton("Kemi Bello")).toHaveCount(0);
    await expect(detail.figure("Total purchases")).toHaveText("0");
    await expectAccessible(page);

    // the dashboard's last 30 days count it apart: the course's enrolment is refunded
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const enrolments = dashboard.figureRow(dashboard.figureSection("Enrolments by course"), title);
    await expect(dashboard.figureCell(enrolments, "Refunded")).toHaveText("1");

    // one refund e-mail, with the reason
    const mail = await waitForMail(dataDir, { to: buyer.email, subject: /refund/i });
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain("The course was cancelled");
    expect(mailsTo(dataDir, buyer.email, /refund/i)).toHaveLength(1);

    // the learner's /account still lists it and its receipt, marked Refunded (decision 065)
    await context.clearCookies();
    await signInByApi(context, buyer);
    await page.goto("/account");
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    const refunded = myCourses.getByRole("listitem").filter({ hasText: reference });
    await expect(refunded.getByRole("heading", { level: 3, name: `${title} Refunded` })).toBeVisible();
    await expect(refunded).toContainText(ACCOUNT_TEXTS.courseRefunded);
    await expect(
      refunded.getByRole("definition").filter({ hasText: /^₦42,000\.00 on \d{1,2} \w+ \d{4}$/ }),
    ).toHaveCount(2);
    const receipt = page
      .getByRole("main")
      .getByRole("table", { name: "Your payments, newest first" })
      .getByRole("row")
      .filter({ hasText: reference });
    await expect(receipt).toContainText(title);
    await expect(receipt).toContainText(/Refunded: ₦42,000\.00 on \d{1,2} \w+ \d{4}/);
    await expectAccessible(page);
  } finally {
    await request.delete(`/backend/api/courses/${course._id}`, {
      headers: await bearerHeaders(request, admin, origin),
    });
  }
});

test("a refunded ticket stays on the learner's /account, marked, without its QR code; its receipt stays", async ({
  page,
  context,
  request,
  dataDir,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const admin = await createAccount(request, dataDir, { admin: true });
  const buyer = await createAccount(request, dataDir);
  await asReturningVisitor(page);
  const headers = await bearerHeaders(request, admin, origin);
  const name = `Refund Night ${Date.now().toString(36)}`;
  const created = await request.post("/backend/api/events", {
    headers,
    data: { name, time: "Friday, 7 pm WAT", startsAt: "2030-05-10T19:00" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { _id: string };
  try {
    // the learner buys two VIP tickets, signed in; an admin refunds them through the API
    await signInByApi(context, buyer);
    const started = await context.request.post("/backend/api/payments/ticket", {
      headers: { origin },
      data: { eventId: event._id, email: buyer.email, ticketType: "VIP", quantity: 2 },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { reference, checkoutUrl } = (await started.json()) as { reference: string; checkoutUrl: string };
    expect(await (await context.request.post(`${checkoutUrl}/success`, { headers: { origin } })).json()).toMatchObject({
      status: "paid",
    });
    const tickets = page.getByRole("main").getByRole("region", { name: "My tickets" });
    const ticket = tickets.getByRole("listitem").filter({ hasText: reference });
    await page.goto("/account");
    await expect(ticket.getByRole("img", { name: /^QR code of your ticket/ })).toBeVisible();

    const refunded = await request.post(`/backend/api/admin/payments/${reference}/refund`, {
      headers: await bearerHeaders(request, admin, origin),
      data: { reason: "Cannot come" },
    });
    expect(await refunded.json()).toMatchObject({ status: "refunded" });

    await page.goto("/account");
    await expect(ticket.getByRole("heading", { level: 3, name: `${name} Refunded` })).toBeVisible();
    await expect(ticket).toContainText(ACCOUNT_TEXTS.ticketRefunded);
    await expect(ticket.getByRole("definition").filter({ hasText: /^₦\S+ on \d{1,2} \w+ \d{4}$/ })).toHaveCount(2);
    await expect(ticket.getByRole("img")).toHaveCount(0);
    await expect(ticket).not.toContainText("Ticket code");
    await expect(ticket).not.toContainText("streaming link");
    const receipt = page
      .getByRole("main")
      .getByRole("table", { name: "Your payments, newest first" })
      .getByRole("row")
      .filter({ hasText: reference });
    await expect(receipt).toContainText(`2 × VIP (with Q&A) tickets for ${name}`);
    await expect(receipt).toContainText(/Refunded: ₦\S+ on \d{1,2} \w+ \d{4}/);
    await expectAccessible(page);
  } finally {
    await request.delete(`/backend/api/events/${event._id}`, { headers: await bearerHeaders(request, admin, origin) });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Refund asks its question in the page, with the reason, then refunds", async ({
    page,
    context,
    request,
    dataDir,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const admin = await createAccount(request, dataDir, { admin: true });
    const { course } = await paidCourse(request, admin, "tayo@example.com", origin, "Tayo Ade");
    try {
      await signInByApi(context, admin);
      const detail = new CourseDetailPage(page);
      await detail.goto(course._id);
      await detail.refundButton("Tayo Ade").click();
      const question = page.getByRole("main").getByRole("region", { name: /^Refund / });
      await expect(question).toContainText(REFUND_MESSAGES.confirm("tayo@example.com", "₦42,000.00"));
      await question.getByRole("textbox", { name: /Reason/ }).fill("Paid twice");
      await question.getByRole("button", { name: "Refund", exact: true }).click();
      await expect(detail.notice(REFUND_MESSAGES.done)).toBeVisible();
      // where the page lands: the purchases (issue 29)
      await expect(page).toHaveURL(/#course-purchases$/);
      await expect(detail.notice(REFUND_MESSAGES.done)).toBeInViewport();
      await expect(detail.purchase("Tayo Ade")).toContainText("Refunded");
      await expect(detail.refundButton("Tayo Ade")).toHaveCount(0);
    } finally {
      await request.delete(`/backend/api/courses/${course._id}`, {
        headers: await bearerHeaders(request, admin, origin),
      });
    }
  });
});
