// The e-mails after a payment (issue 9 "After paying", "Event tickets"; issue 15 "E-mails that look like
// a business"): the ticket with its QR code, the streaming link, the receipt. Made with the e-mail kit
// (server/features/mail/templates, decision 022). Times are Lagos time (West Africa Time), amounts naira.
import { formatLagosLong } from "../../../contract/lib/dates.ts";
import { formatKobo, percentOf } from "../../../contract/lib/money.ts";
import { AMOUNT_NAMES, FREE_PROVIDER, channelLabel } from "../../../contract/payments/payment-texts.ts";
import { ticketTypeLabel } from "../../../contract/showcase/tickets.ts";
import type { MailInput } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { composeEmail } from "../mail/templates/compose.ts";
import type { EmailBlock, EmailDetail } from "../mail/templates/content.ts";
import type { AppliedCoupon } from "../coupons/coupons.service.ts";

/** The Content-ID of the QR code's PNG in a ticket e-mail: <img src="cid:ticket-qr@academy">. */
export const TICKET_QR_CID = "ticket-qr@academy";

const PAID_REASON = (site: string) => `You got this e-mail because this address was given for a payment at ${site}.`;

/** The button to /account, where a signed-in learner finds every course, ticket and receipt. */
function accountButton(brand: EmailBrand, label: string): EmailBlock {
  return { kind: "button", label, url: `${brand.url}/account` };
}

const ACCOUNT_NOTE: EmailBlock = {
  kind: "note",
  text: "Your account shows it too: sign in (or create an account) with this e-mail address.",
};

export interface TicketMailInput {
  brand: EmailBrand;
  to: string;
  /** the buyer's name, when known */
  name?: string | null;
  eventName: string;
  ticketType: string;
  quantity: number;
  reference: string;
  startsAt: Date | null;
  /** the signed ticket code, also in the QR code */
  code: string;
  qrPng: Buffer;
  /** the streaming link when it is due now (within 24 hours of the start), else null */
  streamUrl: string | null;
  /** true when the link will follow 24 hours before the start */
  linkLater: boolean;
}

export function ticketMail(m: TicketMailInput): Promise<MailInput> {
  const details: EmailDetail[] = [
    { label: "Event", value: m.eventName },
    { label: "Ticket", value: ticketTypeLabel(m.ticketType) },
    { label: "Quantity", value: String(m.quantity) },
    { label: "Reference", value: m.reference },
    ...(m.startsAt ? [{ label: "Starts", value: formatLagosLong(m.startsAt) }] : []),
    { label: "Ticket code", value: m.code },
  ];
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: `Thank you for your ticket to ${m.eventName}.` },
    { kind: "details", rows: details },
    ...(m.streamUrl ? [{ kind: "link", label: "Join the live stream", url: m.streamUrl } as const] : []),
    ...(m.linkLater
      ? [{ kind: "paragraph", text: "We will e-mail you the streaming link 24 hours before the start." } as const]
      : []),
    { kind: "image", cid: TICKET_QR_CID, alt: `QR code of ticket ${m.code}`, width: 240, height: 240 },
    { kind: "paragraph", text: "Keep this e-mail: the QR code (or the ticket code) shows that the ticket is yours." },
    accountButton(m.brand, "See your tickets"),
    ACCOUNT_NOTE,
  ];
  return composeEmail(m.brand, {
    to: m.to,
    kind: "ticket",
    subject: `Your ticket for ${m.eventName}`,
    preview: `${ticketTypeLabel(m.ticketType)} × ${m.quantity}${m.startsAt ? `, ${formatLagosLong(m.startsAt)}` : ""}`,
    heading: "Your ticket",
    name: m.name,
    blocks,
    reason: PAID_REASON(m.brand.name),
    attachments: [{ filename: "ticket-qr.png", contentType: "image/png", content: m.qrPng, cid: TICKET_QR_CID }],
  });
}

export function streamLinkMail(m: {
  brand: EmailBrand;
  to: string;
  name?: string | null;
  eventName: string;
  startsAt: Date;
  streamUrl: string;
  reference: string;
}): Promise<MailInput> {
  return composeEmail(m.brand, {
    to: m.to,
    kind: "ticket",
    subject: `Your streaming link for ${m.eventName}`,
    preview: `${m.eventName} starts ${formatLagosLong(m.startsAt)}.`,
    heading: "Your streaming link",
    name: m.name,
    blocks: [
      { kind: "paragraph", text: `${m.eventName} starts soon. Here is your streaming link.` },
      {
        kind: "details",
        rows: [
          { label: "Event", value: m.eventName },
          { label: "Starts", value: formatLagosLong(m.startsAt) },
          { label: "Reference", value: m.reference },
        ],
      },
      { kind: "button", label: "Join the live stream", url: m.streamUrl, spellOut: true },
    ],
    reason: PAID_REASON(m.brand.name),
  });
}

/** A coupon applied to a payment: its code (null if it has been deleted since) and its percentage. */
export type ReceiptCoupon = AppliedCoupon;

export interface ReceiptInput {
  brand: EmailBrand;
  to: string;
  /** the buyer's name, when known */
  name?: string | null;
  /** what was bought: "Full-Stack Web Development (course)" */
  item: string;
  /** the price before any coupon, in kobo (a course's price after discount; for tickets: of one ticket); null when not known */
  priceKobo?: number | null;
  /** a course's full price (kobo), when recorded: with a course discount it is shown above the price (decision 059) */
  fullPriceKobo?: number | null;
  /** tickets: how many (the price above is then each) */
  quantity?: number;
  coupon?: ReceiptCoupon | null;
  amountKobo: number;
  reference: string;
  paidAt: Date;
  channel: string | null;
}

/**
 * The receipt's rows, by the names of decision 059: the item; with a course discount its full price, the
 * course discount and the price after discount (else the price); the coupon with the coupon discount in
 * percent and naira; the amount paid (emphasised), reference, date (Lagos time) and how it was paid (a
 * free enrolment: "Free with coupon CODE", decision 060).
 */
export function receiptRows(m: ReceiptInput): EmailDetail[] {
  const N = AMOUNT_NAMES;
  const rows: EmailDetail[] = [{ label: "Item", value: m.item }];
  const quantity = m.quantity ?? 1;
  const discounted = m.priceKobo != null && m.fullPriceKobo != null && m.fullPriceKobo > m.priceKobo;
  if (discounted) {
    const off = m.fullPriceKobo! - m.priceKobo!;
    rows.push(
      { label: N.fullPrice, value: formatKobo(m.fullPriceKobo!) },
      { label: N.courseDiscount, value: `${percentOf(off, m.fullPriceKobo!)}% (−${formatKobo(off)})` },
      { label: N.priceAfterDiscount, value: formatKobo(m.priceKobo!) },
    );
  } else if (m.priceKobo != null) {
    const value = quantity > 1 ? `${formatKobo(m.priceKobo)} × ${quantity}` : formatKobo(m.priceKobo);
    rows.push({ label: N.price, value });
  }
  const code = m.coupon ? (m.coupon.code ?? "(a coupon no longer offered)") : null;
  if (m.coupon) {
    rows.push({ label: "Coupon", value: code! });
    const off = m.priceKobo != null ? m.priceKobo * quantity - m.amountKobo : null;
    rows.push({
      label: N.couponDiscount,
      value: off != null && off > 0 ? `${m.coupon.percent}% (−${formatKobo(off)})` : `${m.coupon.percent}%`,
    });
  }
  const free = m.channel === FREE_PROVIDER;
  rows.push(
    { label: N.amountPaid, value: formatKobo(m.amountKobo), emphasis: true },
    { label: "Reference", value: m.reference },
    { label: "Date", value: formatLagosLong(m.paidAt) },
    { label: "Paid by", value: free && code ? `${channelLabel(m.channel)} ${code}` : channelLabel(m.channel) },
  );
  return rows;
}

export function receiptMail(m: ReceiptInput): Promise<MailInput> {
  const site = m.brand.name;
  return composeEmail(m.brand, {
    to: m.to,
    kind: "receipt",
    subject: `Your ${site} receipt (${m.reference})`,
    preview: `${formatKobo(m.amountKobo)} paid for ${m.item}.`,
    heading: "Your receipt",
    name: m.name,
    blocks: [
      { kind: "paragraph", text: `Thank you for your payment to ${site}. This is your receipt.` },
      { kind: "details", rows: receiptRows(m) },
      accountButton(m.brand, "View your purchases"),
      { kind: "note", text: "Keep it for your records." },
    ],
    reason: PAID_REASON(site),
  });
}
