// spec public-area §9: "Event tickets: Standard 2500, VIP (with Q&A) 5000, naira".
// Ticket buying (payment) is a later issue; these constants move to contract/events.ts with it.
export const TICKET_TYPES = [
  { value: "Standard", label: "Standard", price: 2500 },
  { value: "VIP", label: "VIP (with Q&A)", price: 5000 },
] as const;

export type TicketType = (typeof TICKET_TYPES)[number]["value"];

// spec public-area §8: "Ticket email: alert 'Please enter a valid email address'".
export const TICKET_EMAIL_ERROR = "Please enter a valid email address";

/** spec §5: the ticket email must be non-empty and contain '@'. */
export function isTicketEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.includes("@");
}

const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", maximumFractionDigits: 0 });

/** Whole naira, e.g. ₦10,000 (architecture "Web": Intl.NumberFormat en-NG, NGN). */
export function formatNaira(amount: number): string {
  return naira.format(amount);
}
