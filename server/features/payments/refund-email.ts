// The refund e-mail (issue 17 "Refunds"; decision 035): what was refunded, the amount, the reference,
// when, and the reason when the admin gave one. Made with the same e-mail kit as the receipt
// (server/features/mail/templates, decision 022), stored once per payment under `refund:<payment id>`.
import { eq } from "drizzle-orm";
import { formatLagosLong } from "../../../contract/lib/dates.ts";
import { formatKobo } from "../../../contract/lib/money.ts";
import { ticketTypeLabel } from "../../../contract/showcase/tickets.ts";
import type { Db } from "../../db/client.ts";
import { courses, eventPurchases, user } from "../../db/schema.ts";
import type { MailInput } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { composeEmail } from "../mail/templates/compose.ts";
import type { EmailDetail } from "../mail/templates/content.ts";
import type { Payment } from "./payments.service.ts";

/** The key a payment's one refund e-mail is stored under (mail_messages.dedupe_key). */
export const refundMailKey = (paymentId: string) => `refund:${paymentId}`;

/** What was bought, in words, as the receipt says it. */
async function itemOf(db: Db, payment: Payment): Promise<string> {
  if (payment.kind === "course") {
    const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, payment.itemId));
    return `${course?.title ?? "Course"} (course)`;
  }
  const [ticket] = await db.select().from(eventPurchases).where(eq(eventPurchases.paymentReference, payment.reference));
  if (!ticket) return "Event ticket";
  const label = ticketTypeLabel(ticket.ticketType);
  return `${ticket.eventName}: ${label} ticket${ticket.quantity > 1 ? ` × ${ticket.quantity}` : ""}`;
}

/** The buyer's name: the one typed for a course, else the signed-in buyer's. */
async function nameOf(db: Db, payment: Payment): Promise<string | null> {
  const typed = payment.details.fullName;
  if (typeof typed === "string" && typed.trim()) return typed;
  if (!payment.userId) return null;
  const [account] = await db.select({ name: user.name }).from(user).where(eq(user.id, payment.userId));
  return account?.name ?? null;
}

export async function refundMail(
  db: Db,
  brand: EmailBrand,
  payment: Payment,
  refund: { at: Date; reason: string | null },
): Promise<MailInput> {
  const item = await itemOf(db, payment);
  const rows: EmailDetail[] = [
    { label: "Item", value: item },
    { label: "Amount refunded", value: formatKobo(payment.amount), emphasis: true },
    { label: "Reference", value: payment.reference },
    { label: "Refunded", value: formatLagosLong(refund.at) },
    ...(refund.reason ? [{ label: "Reason", value: refund.reason }] : []),
  ];
  const site = brand.name;
  return composeEmail(brand, {
    to: payment.email,
    kind: "refund",
    subject: `Your ${site} refund (${payment.reference})`,
    preview: `${formatKobo(payment.amount)} refunded for ${item}.`,
    heading: "Your refund",
    name: await nameOf(db, payment),
    blocks: [
      { kind: "paragraph", text: `${site} has refunded your payment in full.` },
      { kind: "details", rows },
      {
        kind: "paragraph",
        text: "The money goes back the way you paid; your bank or card issuer may take a few working days to show it.",
      },
      {
        kind: "note",
        text:
          payment.kind === "course"
            ? "The course is no longer in your account."
            : "The ticket is no longer valid and is no longer in your account.",
      },
    ],
    reason: `You got this e-mail because this address was given for a payment at ${site}.`,
  });
}
