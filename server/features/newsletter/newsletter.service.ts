// Newsletter subscriptions (public-area §4 "Newsletter pop-up", §5, §8).
import { randomBytes } from "node:crypto";
import { describeIssues } from "../../../contract/common.ts";
import { NEWSLETTER_SUCCESS, NewsletterInputSchema, type NewsletterResult } from "../../../contract/messaging.ts";
import type { Db } from "../../db/client.ts";
import { newsletterSubscribers } from "../../db/schema.ts";
import { Conflict, Invalid } from "../../lib/errors.ts";

const messages = {
  alreadySubscribed: "This email is already subscribed to the newsletter.",
};

export function createNewsletterService(db: Db) {
  return {
    /**
     * Subscribes an address (stored lower-cased). A repeated address, in any letter case, is a
     * Conflict and adds no row: the unique index on lower(email) decides, so two racing requests
     * cannot both insert.
     */
    async subscribe(input: unknown): Promise<NewsletterResult> {
      const parsed = NewsletterInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { email } = parsed.data;
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email, unsubscribeToken: randomBytes(24).toString("hex") })
        // the table's only unique keys are the fresh id and lower(email): any conflict is the address
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      if (inserted.length === 0) throw Conflict(messages.alreadySubscribed);
      return { message: NEWSLETTER_SUCCESS, email };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
