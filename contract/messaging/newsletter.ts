// The newsletter admin and its bulk e-mail (spec admin-back-office §2 "Newsletter admin", §3 "Newsletter
// subscriber", "Bulk newsletter", §4 "Bulk e-mail result message disappears after 3 seconds", §5
// "Newsletter bulk"; issue 19; decision 037): subscribers with their state, paged and searchable, the
// delete, and a bulk e-mail sent through the mail queue to the confirmed subscribers.
import { z } from "zod";
import type { AdaptedListSpec } from "../admin/admin-resource.ts";
import { BODY_NOT_OBJECT, hasEncodedWord } from "../lib/common.ts";
import { pageQuerySchema, pageSchema } from "../lib/paging.ts";
import { playerUrl } from "../lib/video-embed.ts";

/** decision 037: pending until the confirmation link is used (double opt-in); only confirmed ones get bulk e-mail. */
export const SUBSCRIBER_STATES = ["pending", "confirmed", "unsubscribed", "bounced"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];
export const SUBSCRIBER_STATE_LABELS: Record<SubscriberState, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

export const SUBSCRIBERS_PAGE_SIZE = 25;
export const BULK_LIMITS = { subject: 200, message: 20_000, url: 2000 } as const;
/** spec §4: the result message disappears after 3 seconds */
export const BULK_RESULT_MS = 3000;

export const NEWSLETTER_MESSAGES = {
  /** spec admin §8 "Newsletter" */
  bulkSent: "Bulk email sent successfully!",
  bulkFailed: "Error sending bulk email",
  confirmDelete: (email: string) => `Are you sure you want to delete the subscriber ${email}?`,
  deleted: "Subscriber deleted successfully",
  deleteFailed: "Failed to delete subscriber: ",
  fetchFailed: "Failed to fetch subscribers: ",
  notFound: "Subscriber not found",
  campaignNotFound: "Bulk e-mail not found",
  status: "Status must be pending, confirmed, unsubscribed or bounced",
  search: "Search must be at most 100 characters",
  subjectRequired: "Subject is required",
  subjectTooLong: `Subject must be at most ${BULK_LIMITS.subject} characters`,
  subjectOneLine: "Subject must be one line",
  subjectEncodedWord:
    "Subject must not contain encoded-word syntax such as =?utf-8?q?…?=: mail apps would decode it into other text",
  messageRequired: "Message is required",
  messageTooLong: `Message must be at most ${BULK_LIMITS.message} characters`,
  color: "Background color must be a color such as #ffffff",
  url: (label: string) => `${label} must be an http(s) URL`,
  noRecipients: "There are no confirmed subscribers to send to",
  /** issue 29: shown on the admin screen before a bulk send when the e-mail footer has no postal address */
  noPostalAddress:
    "No postal address is set: the footer of every bulk e-mail goes out without one, and a newsletter must carry the sender's postal address. Set MAIL_POSTAL_ADDRESS in the server's configuration (one line, such as 12 Marina Road, Lagos, Nigeria) and restart it.",
  /** issue 29: the admin's resend of a pending subscriber's confirmation e-mail (at most one an hour) */
  resend: "Resend confirmation",
  resent: (email: string) => `The confirmation e-mail was sent again to ${email}.`,
  resendFailed: "Failed to resend the confirmation: ",
  resendNotPending: "Only a pending subscriber can be sent the confirmation e-mail again",
  resendTooSoon: (minutes: number) =>
    `A confirmation e-mail went to this address less than an hour ago. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
  /** the public pages */
  confirmed: "Your subscription is confirmed. Thank you!",
  unsubscribed: "You are unsubscribed. You will get no more newsletters.",
  badLink: "This link is not valid any more. It may be old, or the address may have been removed.",
};

/** GET /api/admin/newsletter?page=&pageSize=&status=&search= (search: part of the e-mail). */
export const SubscribersQuerySchema = pageQuerySchema({ pageSize: SUBSCRIBERS_PAGE_SIZE }).extend({
  status: z.union([z.literal(""), z.enum(SUBSCRIBER_STATES)], { error: NEWSLETTER_MESSAGES.status }).optional(),
  search: z.string().trim().max(100, NEWSLETTER_MESSAGES.search).optional(),
});
export type SubscribersQuery = z.input<typeof SubscribersQuerySchema>;

/** spec admin §3 "Newsletter subscriber" (_id, email, subscribedAt) with its state. */
export const SubscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  subscribedAt: z.string(),
  status: z.enum(SUBSCRIBER_STATES),
  confirmedAt: z.string().nullable(),
  /** when it was unsubscribed or bounced */
  endedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof SubscriberSchema>;

/** The list, with how many subscribers are in each state (the whole list, not the filtered page). */
export const SubscriberPageSchema = pageSchema(SubscriberSchema).extend({
  counts: z.record(z.enum(SUBSCRIBER_STATES), z.number().int()),
});
export type SubscriberPage = z.infer<typeof SubscriberPageSchema>;

/**
 * /admin/newsletter's subscribers on the kit (issue 30; AdaptedListSpec): newest first, found by state and
 * part of the e-mail; a pending one's "Resend confirmation" (issue 29), a subscriber's Delete after the
 * question.
 */
export const SUBSCRIBER_LIST: AdaptedListSpec<Subscriber, "status" | "search"> = {
  key: "subscribers",
  path: "/admin/newsletter",
  nameOf: (s) => s.email,
  columns: [
    { key: "email", header: "E-mail", rowHeader: true },
    { key: "subscribed", header: "Subscribed" },
    { key: "status", header: "State", text: (s) => SUBSCRIBER_STATE_LABELS[s.status] },
  ],
  filters: {
    label: "Subscriber filters",
    controls: [
      {
        kind: "select",
        name: "status",
        label: "State",
        any: "Any state",
        options: SUBSCRIBER_STATES.map((s) => ({ value: s, label: SUBSCRIBER_STATE_LABELS[s] })),
      },
      { kind: "search", name: "search", label: "E-mail", placeholder: "Part of an address" },
    ],
  },
  posts: [
    {
      intent: "resend",
      label: NEWSLETTER_MESSAGES.resend,
      name: (email) => `${NEWSLETTER_MESSAGES.resend} to ${email}`,
      pending: "Sending…",
      failed: NEWSLETTER_MESSAGES.resendFailed,
      when: (s) => s.status === "pending",
    },
  ],
  remove: {
    name: (email) => `Delete the subscriber ${email}`,
    question: NEWSLETTER_MESSAGES.confirmDelete,
    deleted: NEWSLETTER_MESSAGES.deleted,
    failed: NEWSLETTER_MESSAGES.deleteFailed,
  },
  texts: {
    one: "subscriber",
    many: "subscribers",
    empty: "No subscribers yet.",
    emptyFiltered: "No subscriber matches these filters.",
    pages: "Subscriber pages",
  },
};

const optionalUrl = (label: string) =>
  z
    .string({ error: NEWSLETTER_MESSAGES.url(label) })
    .trim()
    .max(BULK_LIMITS.url, NEWSLETTER_MESSAGES.url(label))
    .refine((v) => v === "" || isWebUrl(v), NEWSLETTER_MESSAGES.url(label))
    .nullish()
    .transform((v) => (v ? v : null));

/** An absolute http(s) address as written: no other scheme, no credentials, no spaces. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s\\]+$/i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.username === "" &&
    url.password === "" &&
    url.hostname !== ""
  );
}

/** spec admin §3 "Bulk newsletter", §5: subject and message required; the URLs optional, and URLs. */
export const BulkEmailInputSchema = z.object(
  {
    subject: z
      .string({ error: NEWSLETTER_MESSAGES.subjectRequired })
      .trim()
      .min(1, NEWSLETTER_MESSAGES.subjectRequired)
      .max(BULK_LIMITS.subject, NEWSLETTER_MESSAGES.subjectTooLong)
      .regex(/^[^\r\n]*$/, NEWSLETTER_MESSAGES.subjectOneLine)
      .refine((v) => !hasEncodedWord(v), NEWSLETTER_MESSAGES.subjectEncodedWord),
    message: z
      .string({ error: NEWSLETTER_MESSAGES.messageRequired })
      .trim()
      .min(1, NEWSLETTER_MESSAGES.messageRequired)
      .max(BULK_LIMITS.message, NEWSLETTER_MESSAGES.messageTooLong),
    backgroundColor: z
      .string({ error: NEWSLETTER_MESSAGES.color })
      .trim()
      .refine((v) => v === "" || /^#[0-9a-f]{6}$/i.test(v), NEWSLETTER_MESSAGES.color)
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null)),
    imageUrl: optionalUrl("Image URL"),
    videoUrl: optionalUrl("Video URL"),
    linkUrl: optionalUrl("Link URL"),
  },
  { error: BODY_NOT_OBJECT },
);
export type BulkEmailInput = z.input<typeof BulkEmailInputSchema>;
export type BulkEmail = z.output<typeof BulkEmailInputSchema>;
export const BULK_FIELDS = ["subject", "message", "backgroundColor", "imageUrl", "videoUrl", "linkUrl"] as const;

/**
 * A video's poster picture for the e-mail (a mail app plays no video): YouTube's own still for a YouTube
 * link, otherwise none (the e-mail then shows a "Watch the video" button).
 */
export function videoPoster(videoUrl: string): string | null {
  const player = playerUrl(videoUrl);
  const id = player ? /^https:\/\/www\.youtube\.com\/embed\/([A-Za-z0-9_-]+)/.exec(player)?.[1] : undefined;
  return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
}

/** queuing: the messages are being queued · sending: all queued, some not sent yet · done */
export const CAMPAIGN_STATES = ["queuing", "sending", "done"] as const;

/** A bulk send and its progress (issue 19: queued, sent, failed). */
export const CampaignSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  /** confirmed subscribers when the send started */
  recipients: z.number().int(),
  /** messages in the mail queue so far (all of them once `queuing` is over) */
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** handed to the mail server, whose answer never came: may have been delivered, not sent again (decision 067) */
  unconfirmed: z.number().int(),
  status: z.enum(CAMPAIGN_STATES),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;
export const CampaignListSchema = z.object({ items: z.array(CampaignSchema) });

export const BulkEmailResultSchema = z.object({ message: z.string(), campaign: CampaignSchema });
