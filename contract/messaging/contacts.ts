// The contact requests admin (spec admin-back-office §2 "Contacts admin", §3 "Contact request", §4, §5,
// §7 "Contacts and newsletter", §8 "Contacts"; issue 19; decisions 004 and 033): the paged list with its
// filters, a response e-mailed to the requester and kept with the request, and the delete.
import { z } from "zod";
import type { AdaptedListSpec } from "../admin/admin-resource.ts";
import { BODY_NOT_OBJECT, EmailSchema, textError } from "../lib/common.ts";
import { CONTACT_SUBJECTS } from "./messaging.ts";
import { pageQuerySchema, pageSchema } from "../lib/paging.ts";

/** decision 004: a request is `new` until an admin has sent a response. */
export const CONTACT_STATUSES = ["new", "responded"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { new: "New", responded: "Responded" };

export const CONTACTS_PAGE_SIZE = 25;
export const RESPONSE_MAX = 5000;

export const CONTACT_MESSAGES = {
  /** spec admin §8 "Contacts" (the reason follows the prefixes) */
  fetchFailed: "Failed to fetch contacts: ",
  deleted: "Contact deleted successfully",
  responded: "Response sent successfully",
  respondFailed: "Failed to send response: ",
  unknownError: "Unknown error",
  /** spec admin §5 leaves the contact confirmation's wording open (decision 033) */
  confirmDelete: (email: string) => `Are you sure you want to delete the contact request from ${email}?`,
  notFound: "Contact request not found",
  responseRequired: "Response is required",
  responseTooLong: `Response must be at most ${RESPONSE_MAX} characters`,
  wrongEmail: "This e-mail address is not the one of this contact request",
  status: "Status must be new or responded",
  subject: "Subject must be Course Inquiry, Technical Support or Other",
  search: "Search must be at most 100 characters",
  /** N/A for a request sent without a name (spec admin §8 "Missing values show N/A") */
  noName: "N/A",
};

/** GET /api/admin/contacts?page=&pageSize=&status=&subject=&search= (search: part of the e-mail). */
export const ContactsQuerySchema = pageQuerySchema({ pageSize: CONTACTS_PAGE_SIZE }).extend({
  status: z.union([z.literal(""), z.enum(CONTACT_STATUSES)], { error: CONTACT_MESSAGES.status }).optional(),
  subject: z.union([z.literal(""), z.enum(CONTACT_SUBJECTS)], { error: CONTACT_MESSAGES.subject }).optional(),
  search: z.string().trim().max(100, CONTACT_MESSAGES.search).optional(),
});
export type ContactsQuery = z.input<typeof ContactsQuerySchema>;

export const ContactResponseSchema = z.object({
  _id: z.string(),
  response: z.string(),
  /** the admin who sent it, as they were then */
  by: z.object({ name: z.string(), email: z.string() }),
  sentAt: z.string(),
});
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/** spec admin §3 "Contact request", with its time and its responses (oldest first). */
export const ContactRequestSchema = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
  responses: z.array(ContactResponseSchema),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export const ContactPageSchema = pageSchema(ContactRequestSchema);

/** POST /api/admin/respond: the spec's body (`email` must be the request's own address). */
export const RespondInputSchema = z.object(
  {
    contactId: z
      .string({ error: textError("contactId") })
      .trim()
      .min(1, "contactId is required")
      .max(100),
    response: z
      .string({ error: CONTACT_MESSAGES.responseRequired })
      .trim()
      .min(1, CONTACT_MESSAGES.responseRequired)
      .max(RESPONSE_MAX, CONTACT_MESSAGES.responseTooLong),
    email: EmailSchema.optional(),
  },
  { error: BODY_NOT_OBJECT },
);
export type RespondInput = z.input<typeof RespondInputSchema>;

/** The reply box's preview (issue 29): the e-mail as it will be sent, its plain-text part. */
export const ResponsePreviewSchema = z.object({
  to: z.string(),
  replyTo: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type ResponsePreview = z.infer<typeof ResponsePreviewSchema>;

export const RespondResultSchema = z.object({ message: z.string(), contact: ContactRequestSchema });

/**
 * /admin/contacts on the kit (issue 30; AdaptedListSpec): the requests, newest first, found by status,
 * subject and part of the e-mail; a request's Delete after the question. The response box is the screen's
 * own (app/features/contacts/contact-respond.tsx).
 */
export const CONTACT_LIST: AdaptedListSpec<ContactRequest, "status" | "subject" | "search"> = {
  key: "contacts",
  path: "/admin/contacts",
  nameOf: (c) => c.email,
  columns: [
    { key: "email", header: "From", rowHeader: true },
    { key: "subject", header: "Subject", text: (c) => c.subject },
    { key: "message", header: "Message", wide: true },
    { key: "received", header: "Received" },
    {
      key: "status",
      header: "Status",
      text: (c) => CONTACT_STATUS_LABELS[c.status as ContactStatus] ?? c.status,
    },
  ],
  filters: {
    label: "Contact request filters",
    controls: [
      {
        kind: "select",
        name: "status",
        label: "Status",
        any: "Any status",
        options: CONTACT_STATUSES.map((s) => ({ value: s, label: CONTACT_STATUS_LABELS[s] })),
      },
      {
        kind: "select",
        name: "subject",
        label: "Subject",
        any: "Any subject",
        options: CONTACT_SUBJECTS.map((s) => ({ value: s, label: s })),
      },
      { kind: "search", name: "search", label: "E-mail", placeholder: "Part of an address" },
    ],
  },
  remove: {
    name: (email) => `Delete the request from ${email}`,
    question: CONTACT_MESSAGES.confirmDelete,
    deleted: CONTACT_MESSAGES.deleted,
    failed: "Failed to delete contact: ",
  },
  texts: {
    one: "request",
    many: "requests",
    empty: "No contact requests yet.",
    emptyFiltered: "No contact request matches these filters.",
    pages: "Contact request pages",
  },
};
