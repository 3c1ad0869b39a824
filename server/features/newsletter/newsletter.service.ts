// Newsletter subscriptions (public-area §4 "Newsletter pop-up", §5, §8).
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { NewsletterInputSchema } from "../../../contract/messaging.ts";
import type { Db } from "../../db/client.ts";
import { newsletterSubscribers } from "../../db/schema.ts";
import { Conflict, Invalid } from "../../lib/errors.ts";

const messages = {
  alreadySubscribed: "This email is already subscribed to the newsletter.",
};

export function createNewsletterService(db: Db) {
  return {
    /** Subscribes an address; a repeated address is a Conflict and adds no row. */
    async subscribe(input: unknown): Promise<{ email: string }> {
      const parsed = NewsletterInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
      const { email } = parsed.data;
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email, unsubscribeToken: randomBytes(24).toString("hex") })
        .onConflictDoNothing({ target: sql`lower(${newsletterSubscribers.email})` as never })
        .returning({ id: newsletterSubscribers.id });
      if (inserted.length === 0) throw Conflict(messages.alreadySubscribed);
      return { email };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
