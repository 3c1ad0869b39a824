// Contact requests (public-area §2 "Contact", §5).
import { describeIssues } from "../../../contract/common.ts";
import { CONTACT_SUCCESS, ContactInputSchema, type ContactResult } from "../../../contract/messaging.ts";
import type { Db } from "../../db/client.ts";
import { contacts } from "../../db/schema.ts";
import { Invalid } from "../../lib/errors.ts";

export function createContactsService(db: Db) {
  return {
    /** Saves a contact request; the subject defaults to Course Inquiry (spec §5). */
    async create(input: unknown): Promise<ContactResult> {
      const parsed = ContactInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { name, email, subject, message } = parsed.data;
      const [row] = await db
        .insert(contacts)
        .values({ name: name ?? null, email, subject, message })
        .returning({ id: contacts.id });
      return { _id: row!.id, message: CONTACT_SUCCESS };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
