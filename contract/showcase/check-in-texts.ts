// The words of the door's answers (issue 18 "Check-in at the door"; decision 036): large and coloured
// on the check-in page, one sentence each. No zod: the check-in page imports this up front.
import { ticketTypeLabel } from "./tickets.ts";
import { formatLagosDateTime } from "../lib/dates.ts";

/** A check-in answer as the API gives it (contract/showcase/events.ts CheckInResultSchema). */
export type CheckInAnswer =
  | { result: "admitted"; ticketType: string; email: string; admitted: number; quantity: number; at: string }
  | { result: "already_used"; ticketType: string; email: string; quantity: number; at: string; by: string }
  | { result: "wrong_event"; eventName: string }
  | { result: "refunded"; status: "refund_pending" | "refunded" }
  | { result: "unpaid" }
  | { result: "forged" };

export type CheckInTone = "success" | "warning" | "danger";

export interface CheckInWords {
  tone: CheckInTone;
  /** the big word */
  title: string;
  /** what the door staff need next */
  detail: string;
}

export function checkInWords(answer: CheckInAnswer): CheckInWords {
  switch (answer.result) {
    case "admitted":
      return {
        tone: "success",
        title: "Admitted",
        detail: `${ticketTypeLabel(answer.ticketType)} · ${answer.admitted} of ${answer.quantity} in · ${answer.email}`,
      };
    case "already_used":
      return {
        tone: "danger",
        title: "Already used",
        detail: `${answer.quantity === 1 ? `This ${ticketTypeLabel(answer.ticketType)} ticket is in` : `All ${answer.quantity} of this ${ticketTypeLabel(answer.ticketType)} ticket are in`}: the last at ${formatLagosDateTime(answer.at)}${answer.by ? `, by ${answer.by}` : ""}.`,
      };
    case "wrong_event":
      return { tone: "warning", title: "Not for this event", detail: `This ticket is for ${answer.eventName}.` };
    case "refunded":
      return {
        tone: "danger",
        title: "Refunded",
        detail:
          answer.status === "refund_pending"
            ? "This ticket's payment is being refunded: it no longer admits anyone."
            : "This ticket was refunded: it no longer admits anyone.",
      };
    case "unpaid":
      return { tone: "danger", title: "Not paid", detail: "This ticket's payment never completed." };
    case "forged":
      return { tone: "danger", title: "Forged", detail: "This code is not a ticket of ours: it does not verify." };
  }
}

export const CHECK_IN_TEXTS = {
  codeLabel: "Ticket code",
  codeHint: "The code under the QR code in the ticket e-mail (e.g. 65f0c0ffee00000000000001.Xx3…).",
  submit: "Check in",
  scan: "Scan with the camera",
  stopScan: "Stop the camera",
  noCamera: "No camera could be opened: type the code instead.",
  offline: "No answer from the server: the same scan is being sent again…",
  failed: "No answer from the server. Check the connection and scan again.",
};
