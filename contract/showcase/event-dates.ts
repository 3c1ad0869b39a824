// An event's date (issue 29; decision 061): an event without one is shown on the showcase without its
// Buy Ticket, its ticket payments are refused (409), and the /tickets list marks it incomplete. No zod
// here: the admin pages and the showcase import it up front.

export const EVENT_DATE_MESSAGES = {
  /** a ticket for an event without a date (409) */
  noDate: "Tickets for this event are not on sale yet: it has no date.",
  /** the /tickets list's mark of such an event */
  incomplete: "Incomplete: no date",
  /** the showcase card's words in place of Buy Ticket */
  dateToCome: "Tickets go on sale once the date is announced.",
};

/** An event has a date when it has a start or the showcase's free-text time. */
export function eventHasDate(event: { time: string; startsAt: Date | string | null }): boolean {
  return event.startsAt !== null || event.time.trim().length > 0;
}
