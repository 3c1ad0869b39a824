// Ticket buying (spec public-area §2 "Ticket modal", §5, §8, §9): the modal checks these, and the
// server again when a payment starts (contract/payments/payments.ts). No zod: the showcase page's bundle stays small.

// spec public-area §9: "Event tickets: Standard 2500, VIP (with Q&A) 5000, naira".
export const TICKET_TYPES = [
  { value: "Standard", label: "Standard", price: 2500 },
  { value: "VIP", label: "VIP (with Q&A)", price: 5000 },
] as const;

export type TicketType = (typeof TICKET_TYPES)[number]["value"];

/** "VIP (with Q&A)" for VIP; the stored type itself for anything else. */
export function ticketTypeLabel(type: string): string {
  return TICKET_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** The most tickets one payment buys (spec §5 "quantity minimum 1"; a sane maximum). */
export const TICKET_MAX_QUANTITY = 20;

export const TICKET_MESSAGES = {
  // spec public-area §8: "Ticket email: alert 'Please enter a valid email address'".
  email: "Please enter a valid email address",
  quantity: "Quantity must be a whole number of at least 1",
  tooMany: `At most ${TICKET_MAX_QUANTITY} tickets can be bought at once`,
};

/** spec §5: the ticket email must be non-empty and contain '@'. */
export function isTicketEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.includes("@");
}

/** A quantity from the field's text: a whole number of at least 1 (spec §5 "quantity minimum 1"), or null. */
export function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
