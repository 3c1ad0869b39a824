// The admin Outbox (architecture "Mail": sent and queued e-mail "listed in an admin Outbox page"): the
// mailer's list and get behind the admin check, like every other service a page or route reaches.
import { requireAdmin, type Actor } from "../auth/actor.ts";
import type { Mailer } from "./mail.service.ts";

export function createOutboxService(mailer: Pick<Mailer, "list" | "get">) {
  return {
    /** Newest first, without the bodies. */
    async list(actor: Actor | null, page: { limit?: number; offset?: number } = {}) {
      requireAdmin(actor);
      return mailer.list(page);
    },
    /** One message with its text, HTML and last error; NotFound for an unknown id. */
    async get(actor: Actor | null, id: string) {
      requireAdmin(actor);
      return mailer.get(id);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
