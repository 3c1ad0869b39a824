// What /account shows (issue 9; decision 018): the user's purchases from the account service, with
// dates in Lagos time formatted here (so server and browser never disagree while hydrating) and each
// ticket's QR code made on the server from its signed code, as an image address.
import type { AccountCourse, AccountReceipt, AccountTicket } from "../../contract/account.ts";
import { streamLinkTiming } from "../../server/features/tickets/tickets.service.ts";
import type { Services } from "../../server/services.ts";
import { formatLagosDate, formatLagosLong } from "../../contract/dates.ts";

export type PageCourse = AccountCourse & { paidOn: string };
export type PageTicket = AccountTicket & {
  paidOn: string;
  /** "Saturday 14 March 2026, 4:00 pm WAT", else the event's own time text, else null */
  starts: string | null;
  /** a data: URL of the QR code's SVG (our own generator's, from a code we signed), null if none */
  qr: string | null;
  /** the streaming link is still to be e-mailed (24 hours before the start) */
  linkLater: boolean;
};
export type PageReceipt = AccountReceipt & { paidOn: string };

export interface AccountPage {
  email: string;
  emailVerified: boolean;
  courses: PageCourse[];
  tickets: PageTicket[];
  receipts: PageReceipt[];
}

export async function loadAccountPage(
  services: Pick<Services, "account">,
  userId: string,
  now = new Date(),
): Promise<AccountPage> {
  const purchases = await services.account.getAccountPurchases(userId);
  const paidOn = (iso: string) => formatLagosDate(iso);
  return {
    email: purchases.email,
    emailVerified: purchases.emailVerified,
    courses: purchases.courses.map((c) => ({ ...c, paidOn: paidOn(c.paidAt) })),
    tickets: await Promise.all(
      purchases.tickets.map(async (t) => ({
        ...t,
        paidOn: paidOn(t.paidAt),
        starts: t.startsAt ? formatLagosLong(t.startsAt) : t.eventTime || null,
        qr: await services.account.ticketQrImage(t.code),
        linkLater: streamLinkTiming(t.startsAt ? new Date(t.startsAt) : null, now).kind === "later",
      })),
    ),
    receipts: purchases.receipts.map((r) => ({ ...r, paidOn: paidOn(r.paidAt) })),
  };
}
