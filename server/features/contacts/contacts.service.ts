// Contact requests (public-area §2 "Contact", §5).
import { ContactInputSchema } from "../../../contract/messaging.ts";
import type { Db } from "../../db/client.ts";
import { contacts } from "../../db/schema.ts";
import { Invalid } from "../../lib/errors.ts";

export function createContactsService(db: Db) {
  return {
    async create(input: unknown): Promise<{ _id: string }> {
      const parsed = ContactInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(parsed.error.issues.map((i) => i.message).join("; "));
      const { name, email, subject, message } = parsed.data;
      const [row] = await db
        .insert(contacts)
        .values({ name: name ?? null, email, subject, message })
        .returning({ id: contacts.id });
      return { _id: row!.id };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
