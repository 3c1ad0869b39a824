// Contact requests (public-area §2 "Contact", §5) and their admin (admin-back-office §2 "Contacts admin",
// §4, §7 "Contacts and newsletter", §8; issue 19; decisions 004, 033): the paged list newest first with
// its filters, a response e-mailed to the requester through the mail queue and kept with the request
// (stored with the e-mail in one transaction, the e-mail's job queued once it has committed), and the
// delete. Each admin write is recorded in the audit log in its own transaction.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { describeIssues } from "../../../contract/lib/common.ts";
import {
  CONTACT_MESSAGES,
  ContactsQuerySchema,
  RespondInputSchema,
  type ContactRequest,
  type ContactsQuery,
  type ResponsePreview,
} from "../../../contract/messaging/contacts.ts";
import { CONTACT_SUCCESS, ContactInputSchema, type ContactResult } from "../../../contract/messaging/messaging.ts";
import { offsetOf, type Page } from "../../../contract/lib/paging.ts";
import type { Db } from "../../db/client.ts";
import { contactResponses, contacts } from "../../db/schema.ts";
import { Invalid, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";
import type { Mailer } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { composeEmail } from "../mail/templates/compose.ts";

type ContactRow = typeof contacts.$inferSelect;
type ResponseRow = typeof contactResponses.$inferSelect;

function toContact(row: ContactRow, responses: ResponseRow[]): ContactRequest {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    responses: responses.map((r) => ({
      _id: r.id,
      response: r.response,
      by: { name: r.adminName, email: r.adminEmail },
      sentAt: r.createdAt.toISOString(),
    })),
  };
}

/** `%`, `_` and `\` typed in a search are themselves, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A response that opens with its own greeting ("Hi Ada,", "Dear Sir"): the e-mail then adds none. */
const OWN_GREETING = /^\s*(hello|hi|hey|hiya|dear|greetings|good (morning|afternoon|evening|day))\b/i;

/**
 * The e-mail carrying an admin's response: the reply to the request's subject, the request quoted. Its
 * paragraphs keep their line breaks (in the HTML part too), its Reply-To is a mailbox staff read
 * (CONTACT_REPLY_TO, else the responding admin's address: a no-reply sender alone would lose the
 * requester's answer), and "Hello …," is added only when the response does not greet already (issue 29).
 */
function responseEmail(brand: EmailBrand, contact: ContactRow, response: string, replyTo: string) {
  const paragraphs = response.split(/\n\s*\n/).map((text) => ({ kind: "paragraph" as const, text: text.trim() }));
  return composeEmail(brand, {
    to: contact.email,
    subject: `Re: ${contact.subject}`,
    kind: "contact",
    preview: response.replace(/\s+/g, " ").trim().slice(0, 120),
    heading: `About your message: ${contact.subject}`,
    name: contact.name,
    greeting: !OWN_GREETING.test(response),
    blocks: [...paragraphs.filter((p) => p.text.length > 0), { kind: "note", text: `You wrote: ${contact.message}` }],
    reason: `you sent a message through the contact page of ${brand.name}`,
    headers: { "Reply-To": replyTo },
  });
}

export interface ContactsDeps {
  mailer?: Pick<Mailer, "store" | "dispatch">;
  brand?: EmailBrand;
  /** CONTACT_REPLY_TO: the Reply-To of responses; unset, the responding admin's address */
  replyTo?: string;
}

export function createContactsService(db: Db, deps: ContactsDeps = {}) {
  async function responsesOf(ids: string[]): Promise<Map<string, ResponseRow[]>> {
    const byContact = new Map<string, ResponseRow[]>();
    if (ids.length === 0) return byContact;
    const rows = await db
      .select()
      .from(contactResponses)
      .where(inArray(contactResponses.contactId, ids))
      .orderBy(asc(contactResponses.createdAt), asc(contactResponses.id));
    for (const row of rows) byContact.set(row.contactId, [...(byContact.get(row.contactId) ?? []), row]);
    return byContact;
  }

  async function getRow(id: string): Promise<ContactRow> {
    if (!isId(id)) throw NotFound(CONTACT_MESSAGES.notFound);
    const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
    if (!row) throw NotFound(CONTACT_MESSAGES.notFound);
    return row;
  }

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

    /** GET /api/admin/contacts: newest first, by status and subject, found by part of the e-mail. */
    async listPage(
      actor: Actor | null,
      query: { [K in keyof ContactsQuery]?: string | number } = {},
    ): Promise<Page<ContactRequest>> {
      requireAdmin(actor);
      const parsed = ContactsQuerySchema.safeParse(query);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { page, pageSize, status, subject, search } = parsed.data;
      const where: SQL[] = [];
      if (status) where.push(eq(contacts.status, status));
      if (subject) where.push(eq(contacts.subject, subject));
      if (search) where.push(sql`lower(${contacts.email}) like ${likePattern(search.toLowerCase())} escape '\\'`);
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(contacts)
          .where(condition)
          .orderBy(desc(contacts.createdAt), desc(contacts.id))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(contacts).where(condition),
      ]);
      const responses = await responsesOf(rows.map((r) => r.id));
      return {
        items: rows.map((row) => toContact(row, responses.get(row.id) ?? [])),
        page,
        pageSize,
        total: total?.n ?? 0,
      };
    },

    async get(actor: Actor | null, id: string): Promise<ContactRequest> {
      requireAdmin(actor);
      const row = await getRow(id);
      return toContact(row, (await responsesOf([row.id])).get(row.id) ?? []);
    },

    /**
     * POST /api/admin/respond: e-mails the response to the requester (the reply to their subject) and
     * keeps it with the request, which is then `responded`. The e-mail is stored with the response in
     * one transaction and queued after the commit: a response is never kept without its e-mail, nor
     * sent without being kept.
     */
    async respond(actor: Actor | null, input: unknown): Promise<{ message: string; contact: ContactRequest }> {
      const admin = requireAdmin(actor);
      const parsed = RespondInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { contactId, response, email } = parsed.data;
      const { mailer, brand } = deps;
      if (!mailer || !brand) throw new Error("contacts: responding needs the mailer and the e-mail brand");
      const before = await getRow(contactId);
      if (email !== undefined && email !== before.email.toLowerCase()) throw Invalid(CONTACT_MESSAGES.wrongEmail);
      const mail = await responseEmail(brand, before, response, deps.replyTo ?? admin.email);
      const mailId = await db.transaction(async (tx) => {
        // the request may have been deleted since it was read: answer 404, send nothing
        const [row] = await tx.select().from(contacts).where(eq(contacts.id, before.id)).for("update");
        if (!row) throw NotFound(CONTACT_MESSAGES.notFound);
        const { id } = await mailer.store(tx, mail);
        const now = new Date();
        await tx.insert(contactResponses).values({
          contactId: row.id,
          response,
          adminId: admin.id,
          adminName: admin.username,
          adminEmail: admin.email,
          mailId: id,
          createdAt: now,
        });
        await tx
          .update(contacts)
          .set({ status: "responded", response, respondedAt: now })
          .where(eq(contacts.id, row.id));
        await recordAudit(tx, admin, {
          action: "respond",
          resource: "contacts",
          itemId: row.id,
          itemLabel: row.email,
          before: { status: row.status },
          after: { status: "responded", response },
        });
        return id;
      });
      await mailer.dispatch(mailId);
      const contact = await this.get(admin, before.id);
      return { message: CONTACT_MESSAGES.responded, contact };
    },

    /**
     * The reply box's preview (issue 29): the e-mail `respond` would send for this response, made by the
     * same code, as its recipient, Reply-To, subject and plain-text part. Nothing is stored or sent.
     */
    async previewResponse(actor: Actor | null, input: unknown): Promise<ResponsePreview> {
      const admin = requireAdmin(actor);
      const parsed = RespondInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { brand } = deps;
      if (!brand) throw new Error("contacts: a preview needs the e-mail brand");
      const row = await getRow(parsed.data.contactId);
      const replyTo = deps.replyTo ?? admin.email;
      const mail = await responseEmail(brand, row, parsed.data.response, replyTo);
      return { to: mail.to, replyTo, subject: mail.subject, text: mail.text };
    },

    /** DELETE /api/admin/contacts/{id}: the request and its responses. */
    async remove(actor: Actor | null, id: string): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      if (!isId(id)) throw NotFound(CONTACT_MESSAGES.notFound);
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(contacts).where(eq(contacts.id, id)).returning();
        if (!row) throw NotFound(CONTACT_MESSAGES.notFound);
        await recordAudit(tx, admin, {
          action: "delete",
          resource: "contacts",
          itemId: row.id,
          itemLabel: row.email,
          before: { name: row.name, email: row.email, subject: row.subject, message: row.message, status: row.status },
          after: null,
        });
        return { message: CONTACT_MESSAGES.deleted, _id: row.id };
      });
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
