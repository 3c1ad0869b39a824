// The admin Outbox (architecture "Mail": sent and queued e-mail "listed in an admin Outbox page"): the
// mailer's list and get behind the admin check, like every other service a page or route reaches; and
// whether mail is going out at all (the dashboard's alert).
import { offsetOf, type Page, type PageQuery } from "../../../contract/lib/paging.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import type { Mailer, MailHealth, MailSummary } from "./mail.service.ts";

/** 25 e-mails a page (the Outbox page's size). */
export const OUTBOX_PAGE_SIZE = 25;

export function createOutboxService(mailer: Pick<Mailer, "list" | "get" | "health">) {
  return {
    /** Newest first, without the bodies: one page of the paging contract. */
    async list(actor: Actor | null, query: Partial<PageQuery> = {}): Promise<Page<MailSummary>> {
      requireAdmin(actor);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? OUTBOX_PAGE_SIZE;
      const { items, total } = await mailer.list({ limit: pageSize, offset: offsetOf({ page, pageSize }) });
      return { items, page, pageSize, total };
    },
    /** One message with its text, HTML and last error; NotFound for an unknown id. */
    async get(actor: Actor | null, id: string) {
      requireAdmin(actor);
      return mailer.get(id);
    },
    /** Whether mail is going out: the /admin dashboard's alert when it is not (decision 050). */
    async health(actor: Actor | null): Promise<MailHealth> {
      requireAdmin(actor);
      return mailer.health();
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
