// The e-mails after a payment (issue 9 "After paying", "Event tickets"): the ticket with its QR code,
// the streaming link, the receipt. Plain text first (read anywhere, cheap on data), with a simple HTML
// part saying the same. Times are Lagos time (West Africa Time), amounts naira.
import { TICKET_TYPES } from "../../../contract/tickets.ts";
import type { MailInput } from "../mail/mail.service.ts";

/** The Content-ID of the QR code's PNG in a ticket e-mail: <img src="cid:ticket-qr@academy">. */
export const TICKET_QR_CID = "ticket-qr@academy";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const lagos = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** "Saturday 14 March 2026, 4:00 pm WAT": the form the showcase's own `time` text takes (Lagos, UTC+1). */
export function formatLagosTime(value: Date): string {
  const part = Object.fromEntries(lagos.formatToParts(value).map((p) => [p.type, p.value]));
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod?.toLowerCase()} WAT`;
}

const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

/** 250000 kobo → "₦2,500.00". */
export function formatKobo(kobo: number): string {
  return naira.format(kobo / 100);
}

/** Paystack's channel names as a payer knows them. */
export function channelLabel(channel: string | null | undefined): string {
  switch (channel) {
    case "card":
      return "Card";
    case "bank_transfer":
      return "Bank transfer";
    case "ussd":
      return "USSD";
    case "bank":
      return "Bank account";
    case "mobile_money":
      return "Mobile money";
    case "qr":
      return "QR code";
    case null:
    case undefined:
    case "":
      return "Online payment";
    default:
      return channel.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
  }
}

/** "VIP (with Q&A)" for VIP; the stored type itself for anything else. */
export function ticketTypeLabel(type: string): string {
  return TICKET_TYPES.find((t) => t.value === type)?.label ?? type;
}

interface Row {
  label: string;
  value: string;
}

function table(rows: Row[]): { text: string; html: string } {
  return {
    text: rows.map((r) => `${r.label}: ${r.value}`).join("\n"),
    html:
      '<table cellpadding="4" style="border-collapse:collapse">' +
      rows.map((r) => `<tr><th align="left">${escape(r.label)}</th><td>${escape(r.value)}</td></tr>`).join("") +
      "</table>",
  };
}

function linkParagraph(url: string): { text: string; html: string } {
  return {
    text: `Join the live stream: ${url}`,
    html: `<p><strong>Join the live stream:</strong> <a href="${escape(url)}">${escape(url)}</a></p>`,
  };
}

export interface TicketMailInput {
  site: string;
  to: string;
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

export function ticketMail(m: TicketMailInput): MailInput {
  const details = table([
    { label: "Event", value: m.eventName },
    { label: "Ticket", value: ticketTypeLabel(m.ticketType) },
    { label: "Quantity", value: String(m.quantity) },
    { label: "Reference", value: m.reference },
    ...(m.startsAt ? [{ label: "Starts", value: formatLagosTime(m.startsAt) }] : []),
    { label: "Ticket code", value: m.code },
  ]);
  const link = m.streamUrl ? linkParagraph(m.streamUrl) : null;
  const later = m.linkLater ? "We will e-mail you the streaming link 24 hours before the start." : null;
  const show = "Keep this e-mail: the QR code (or the ticket code) shows that the ticket is yours.";
  const text = [
    `Thank you for your ticket to ${m.eventName}.`,
    "",
    details.text,
    "",
    ...(link ? [link.text, ""] : []),
    ...(later ? [later, ""] : []),
    show,
    "",
    `${m.site}`,
  ].join("\n");
  const html =
    `<p>Thank you for your ticket to <strong>${escape(m.eventName)}</strong>.</p>` +
    details.html +
    (link ? link.html : "") +
    (later ? `<p>${escape(later)}</p>` : "") +
    `<p><img src="cid:${TICKET_QR_CID}" width="240" height="240" alt="QR code of ticket ${escape(m.code)}"></p>` +
    `<p>${escape(show)}</p>` +
    `<p>${escape(m.site)}</p>`;
  return {
    to: m.to,
    subject: `Your ticket for ${m.eventName}`,
    text,
    html,
    kind: "ticket",
    attachments: [{ filename: "ticket-qr.png", contentType: "image/png", content: m.qrPng, cid: TICKET_QR_CID }],
  };
}

export function streamLinkMail(m: {
  site: string;
  to: string;
  eventName: string;
  startsAt: Date;
  streamUrl: string;
  reference: string;
}): MailInput {
  const details = table([
    { label: "Event", value: m.eventName },
    { label: "Starts", value: formatLagosTime(m.startsAt) },
    { label: "Reference", value: m.reference },
  ]);
  const link = linkParagraph(m.streamUrl);
  const lead = `${m.eventName} starts soon. Here is your streaming link.`;
  return {
    to: m.to,
    subject: `Your streaming link for ${m.eventName}`,
    text: [lead, "", details.text, "", link.text, "", m.site].join("\n"),
    html: `<p>${escape(lead)}</p>${details.html}${link.html}<p>${escape(m.site)}</p>`,
    kind: "ticket",
  };
}

export function receiptMail(m: {
  site: string;
  to: string;
  /** what was bought: "Full-Stack Web Development (course)" */
  item: string;
  amountKobo: number;
  reference: string;
  paidAt: Date;
  channel: string | null;
}): MailInput {
  const details = table([
    { label: "Item", value: m.item },
    { label: "Amount paid", value: formatKobo(m.amountKobo) },
    { label: "Reference", value: m.reference },
    { label: "Date", value: formatLagosTime(m.paidAt) },
    { label: "Paid by", value: channelLabel(m.channel) },
  ]);
  const lead = `Thank you for your payment to ${m.site}. This is your receipt.`;
  return {
    to: m.to,
    subject: `Your ${m.site} receipt (${m.reference})`,
    text: [lead, "", details.text, "", "Keep it for your records."].join("\n"),
    html: `<p>${escape(lead)}</p>${details.html}<p>Keep it for your records.</p>`,
    kind: "receipt",
  };
}
