// The ticket dialog's total (spec public-area §5 "quantity minimum 1", §9 amount = price × quantity): what
// is typed, or no total and what is wrong, never a stale "1 × ₦2,500".
import { describe, expect, it } from "vitest";
import { TICKET_MESSAGES } from "../../../contract/showcase/tickets.ts";
import { ticketTotal } from "./ticket-modal.tsx";

describe("ticketTotal", () => {
  it("is price × quantity for a whole number from 1 to 20", () => {
    expect(ticketTotal("1", 2500)).toEqual({ quantity: 1, total: 2500, problem: null });
    expect(ticketTotal("3", 5000)).toEqual({ quantity: 3, total: 15_000, problem: null });
    expect(ticketTotal(" 20 ", 2500)).toEqual({ quantity: 20, total: 50_000, problem: null });
  });

  it.each(["0", "-3", "2.5", "", " ", "1e1", "abc"])("has no total for %j, and says why", (typed) => {
    expect(ticketTotal(typed, 2500)).toEqual({ quantity: null, total: null, problem: TICKET_MESSAGES.quantity });
  });

  it("has no total above the most one payment buys", () => {
    expect(ticketTotal("21", 2500)).toEqual({ quantity: null, total: null, problem: TICKET_MESSAGES.tooMany });
  });
});
