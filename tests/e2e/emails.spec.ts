// E-mails on a phone (issue 15 "E-mails that look like a business", decision 022): each message the site
// sends, drawn at 375 px as a mail app would draw it (its cid: images shown from its own attachments),
// fits the screen with no sideways scrolling, and shows what it is for: the amount paid, the button.
// Both the messages the real builders make (with hostile values) and those the server really sent.
import type { Page } from "@playwright/test";
import { emailHtmlProblems, referencedCids } from "../support/email-checks.ts";
import { emailSamples, SAMPLE_STREAM_URL, type SampleKind } from "../support/email-samples.ts";
import type { ParsedMail } from "../support/mail-parser.ts";
import { waitForMail } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { api } from "./support/page.ts";

interface Drawable {
  html: string;
  attachments: Array<{ cid?: string | null; contentType: string; content: Buffer }>;
}

/**
 * Shows an e-mail's HTML as the page, its cid: images swapped for their attachments as data: URLs (what
 * a mail app does). Script stays on, so that anything the message could run would show (see noDialogs).
 */
async function showEmail(page: Page, mail: Drawable) {
  let html = mail.html;
  for (const cid of referencedCids(html)) {
    const part = mail.attachments.find((a) => a.cid === cid);
    expect(part, `the attachment for cid:${cid}`).toBeDefined();
    html = html.replaceAll(`cid:${cid}`, `data:${part!.contentType};base64,${part!.content.toString("base64")}`);
  }
  await page.setContent(html);
}

/** Records every alert/confirm a page opens (an escaped value never opens one). */
function noDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  return opened;
}

/** No sideways scrolling, and every image inside the screen. */
async function expectFitsTheScreen(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    images: [...document.images].map((img) => img.getBoundingClientRect().right),
  }));
  expect(widths.scroll, `${label}: the page is ${widths.scroll} px wide`).toBeLessThanOrEqual(375);
  for (const right of widths.images) expect(right, `${label}: an image ends at ${right} px`).toBeLessThanOrEqual(375);
}

/** The call to action: a link, visible, not cut by the screen's edges. */
async function expectButton(page: Page, name: string | RegExp, href: string | RegExp) {
  const button = page.getByRole("link", { name }).first();
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute("href", href);
  // whole between the screen's left and right edges
  const box = (await button.boundingBox())!;
  expect(box.x, "the button's left edge").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "the button's right edge").toBeLessThanOrEqual(375);
}

const KEY_TEXTS: Record<SampleKind, { button: RegExp; texts: string[] }> = {
  verification: { button: /^Verify my e-mail address$/, texts: ["Verify your e-mail address"] },
  reset: { button: /^Choose a new password$/, texts: ["Reset your password"] },
  existing: { button: /^Sign in$/, texts: ["You already have an account"] },
  receipt: {
    button: /^View your purchases$/,
    texts: ["Price", "₦150,000.00", "LAGOS20", "20% (−₦30,000.00)", "Amount paid", "₦120,000.00"],
  },
  ticket: { button: /^See your tickets$/, texts: ["Ticket code", "Saturday 16 March 2030, 4:00 pm WAT"] },
  "stream-link": { button: /^Join the live stream$/, texts: ["Your streaming link"] },
};

test("every e-mail the site sends fits a 375 px phone, with its button and key texts on screen @mobile", async ({
  page,
}) => {
  const dialogs = noDialogs(page);
  const samples = await emailSamples({
    name: "Ọlábísí Àdìgún-Okafor",
    eventName: `Demo Night <img src=x onerror=alert(1)> ${"Wide".repeat(30)}`,
    couponCode: "LAGOS20",
  });
  for (const { kind, mail } of samples) {
    await showEmail(page, {
      html: mail.html!,
      attachments: (mail.attachments ?? []).map((a) => ({ ...a, cid: a.cid ?? null })),
    });
    await expectFitsTheScreen(page, kind);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Hello Ọlábísí Àdìgún-Okafor,")).toBeVisible();
    for (const text of KEY_TEXTS[kind].texts) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    const href = kind === "ticket" || kind === "receipt" ? "https://academy.example/account" : /^https:\/\//;
    await expectButton(page, KEY_TEXTS[kind].button, kind === "stream-link" ? SAMPLE_STREAM_URL : href);
    // the footer: who sent it and why
    await expect(page.getByText("12 Marina Road, Lagos Island, Lagos, Nigeria")).toBeVisible();
    await expect(page.getByText(/^You got this e-mail because/)).toBeVisible();
  }
  // the ticket's QR code is drawn, whole, from its attachment
  const ticket = samples.find((s) => s.kind === "ticket")!;
  await showEmail(page, { html: ticket.mail.html!, attachments: ticket.mail.attachments! });
  const qr = page.getByRole("img", { name: /^QR code of ticket / });
  await qr.scrollIntoViewIfNeeded();
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(dialogs).toEqual([]);
});

test("the receipt and ticket the server sent after a payment with a coupon fit 375 px, with the amount paid and the button @mobile", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const [course] = await api<Array<{ _id: string; title: string }>>(request, "courses");
  const [event] = await api<Array<{ _id: string; name: string }>>(request, "events");
  const email = `phone-${Date.now().toString(36)}-${test.info().parallelIndex}@example.com`;
  const pay = async (path: string, data: object) => {
    const res = await request.post(`/backend/api/payments/${path}`, { headers: { origin }, data });
    expect(res.status(), await res.text()).toBe(201);
    const started = (await res.json()) as { reference: string; checkoutUrl: string; amount: number };
    expect((await request.post(`${started.checkoutUrl}/success`, { headers: { origin } })).status()).toBe(200);
    return started;
  };
  const paid = await pay("course", {
    courseId: course!._id,
    fullName: "Ngozi Okafor",
    email,
    phone: "08030000000",
    couponCode: "WELCOME10",
  });
  await pay("ticket", { eventId: event!._id, email, ticketType: "VIP", quantity: 2 });

  const fromOutbox = (mail: ParsedMail): Drawable => {
    expect(emailHtmlProblems(mail.html!)).toEqual([]);
    return { html: mail.html!, attachments: mail.attachments };
  };
  const receipt = await waitForMail(dataDir, { to: email, subject: new RegExp(`receipt \\(${paid.reference}\\)`) });
  await showEmail(page, fromOutbox(receipt));
  await expectFitsTheScreen(page, "receipt");
  await expect(page.getByText("Hello Ngozi Okafor,")).toBeVisible();
  const amountPaid = page.getByRole("row", { name: /^Amount paid/ });
  await expect(amountPaid).toBeVisible();
  await expect(amountPaid.getByRole("cell")).toHaveText(/^₦[\d,]+\.\d\d$/);
  await expect(page.getByRole("row", { name: /^Coupon(?! discount)/ }).getByRole("cell")).toHaveText("WELCOME10");
  // decision 059's name
  await expect(page.getByRole("row", { name: /^Coupon discount/ }).getByRole("cell")).toHaveText(
    /^10% \(−₦[\d,]+\.\d\d\)$/,
  );
  await expectButton(page, "View your purchases", `${origin}/account`);

  const ticket = await waitForMail(dataDir, { to: email, subject: /^Your ticket/ });
  await showEmail(page, fromOutbox(ticket));
  await expectFitsTheScreen(page, "ticket");
  await expect(page.getByRole("img", { name: /^QR code of ticket / })).toBeVisible();
  await expectButton(page, "See your tickets", `${origin}/account`);
});
