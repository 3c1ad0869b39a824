import { z } from "zod";
import { isAdminUrl, isHttpsUrl } from "../admin/admin-resource.ts";
import { hasEncodedWord } from "../lib/common.ts";
import { lagosLocalToDate } from "../lib/dates.ts";
import { sumNaira } from "../lib/money.ts";
import { EVENT_DATE_MESSAGES } from "./event-dates.ts";

// spec public-area §3 "Event", "Talent"
export const EventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  time: z.string(),
  /** when it starts (ISO 8601), when known; the streaming link is never public (only ticket holders get it) */
  startsAt: z.string().nullable(),
  coverPhoto: z.string(),
  photos: z.array(z.string()),
});
export type ShowcaseEvent = z.infer<typeof EventSchema>;

export const TalentSchema = z.object({ _id: z.string(), name: z.string(), role: z.string(), photo: z.string() });
export type Talent = z.infer<typeof TalentSchema>;

// ---------------------------------------------------------------------------------------------------
// The events admin (admin-back-office §2 "Events and talents admin", "Event admin detail", §3, §7, §8;
// issue 18; decision 036).

export const EVENT_MESSAGES = {
  notFound: "Event not found",
  loadFailed: "Failed to load event details",
  mayBeDeleted: "This event may have been deleted or does not exist.",
  /** DELETE of an event with paid tickets (409): what to do instead */
  hasPaidTickets:
    "This event has paid tickets, so it cannot be deleted: ticket holders keep their purchase records. Hide it from the showcase instead (edit it and tick 'Hidden from the showcase').",
  paid: "Paid",
  refunded: "Refunded",
  refundPending: "Refund pending",
  missing: "N/A",
  ...EVENT_DATE_MESSAGES,
};

const EVENT_PHOTOS_MAX = 20;
const URL_MAX = 2048;
const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const address = (label: string) =>
  text(label, URL_MAX).refine(
    (v) => v.length === 0 || isAdminUrl(v),
    `${label} must be a web address (https://…) or a path on this site (/…)`,
  );

/**
 * An event as an admin writes it (POST /api/events, PUT /api/events/{id}: every field replaced).
 * `startsAt`: an ISO 8601 instant with its offset, or a Lagos wall-clock time "2030-03-14T16:00", or
 * null/"" for none. `streamUrl`: https only, null/"" for none; never on the public API.
 */
export const EventInputSchema = z.object({
  name: z
    .string({ error: (i) => (i.input === undefined || i.input === null ? "Name is required" : "Name must be text") })
    .trim()
    .min(1, "Name is required")
    .max(200, "Name must be at most 200 characters")
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Name must not contain control characters")
    // the name is in the ticket's and the streaming link's subjects (issue 29)
    .refine(
      (v) => !hasEncodedWord(v),
      "Name must not contain encoded-word syntax such as =?utf-8?q?…?=: mail apps would decode it in the e-mail's subject",
    ),
  description: text("Description", 5000).optional().default(""),
  time: text("Time", 200).optional().default(""),
  startsAt: z
    .string({ error: "Start must be a date and time" })
    .trim()
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === "") return null;
      const at = LOCAL_PATTERN.test(v)
        ? lagosLocalToDate(v)
        : z.iso.datetime({ offset: true }).safeParse(v).success
          ? new Date(v)
          : null;
      if (!at || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: "custom", message: "Start must be a date and time (2030-03-14T16:00, Lagos time)" });
        return z.NEVER;
      }
      return at.toISOString();
    }),
  streamUrl: z
    .string({ error: "Streaming link must be text" })
    .trim()
    .max(URL_MAX, `Streaming link must be at most ${URL_MAX} characters`)
    .nullable()
    .optional()
    .refine((v) => !v || isHttpsUrl(v), "Streaming link must be an https:// address")
    .transform((v) => (v ? v : null)),
  coverPhoto: address("Cover photo").optional().default(""),
  photos: z
    .array(
      address("Photo").refine((v) => v.length > 0, "Photo must not be blank"),
      { error: "Photos must be a list of addresses" },
    )
    .max(EVENT_PHOTOS_MAX, `At most ${EVENT_PHOTOS_MAX} photos`)
    .optional()
    .default([]),
  hidden: z.boolean({ error: "Hidden must be true or false" }).optional().default(false),
});
export type EventInput = z.input<typeof EventInputSchema>;
export type EventValues = z.output<typeof EventInputSchema>;

/** An event as admins read it: the public fields, its streaming link and whether it is hidden. */
export const AdminEventSchema = EventSchema.extend({
  streamUrl: z.string().nullable(),
  hidden: z.boolean(),
});
export type AdminEvent = z.infer<typeof AdminEventSchema>;

/**
 * A ticket purchase as the event detail lists it (spec admin §3 "Event purchase record": email,
 * ticketType, quantity, eventName, purchasedAt), with what the door and the refunds add: its status
 * (paid, refund_pending, refunded), what it cost (naira) and how many of its quantity are in.
 */
export const EventPurchaseSchema = z.object({
  _id: z.string(),
  email: z.string(),
  ticketType: z.string(),
  quantity: z.number().int(),
  eventName: z.string(),
  purchasedAt: z.string(),
  /** paid | refund_pending | refunded */
  status: z.enum(["paid", "refund_pending", "refunded"]),
  paymentReference: z.string().nullable(),
  /** the payment's own status (paid, refund_pending, refunded, refund_failed...), null without a payment row */
  paymentState: z.string().nullable(),
  /** naira */
  amount: z.number(),
  checkedIn: z.number().int(),
});
export type EventPurchase = z.infer<typeof EventPurchaseSchema>;

export const EventStatsSchema = z.object({
  /** purchase records (paid tickets, refunded ones included: spec admin §9 "number of purchase records") */
  records: z.number().int(),
  /** sum of the quantities of tickets still paid */
  quantity: z.number().int(),
  /** naira, net of refunds: paid tickets only */
  revenue: z.number(),
  /** people admitted at the door */
  checkedIn: z.number().int(),
});
export type EventStats = z.infer<typeof EventStatsSchema>;

/** The event detail's figures from its purchase records (spec admin §2, §9; issue 18: net of refunds). */
export function eventStats(
  purchases: ReadonlyArray<Pick<EventPurchase, "status" | "quantity" | "amount" | "checkedIn">>,
): EventStats {
  const paid = purchases.filter((p) => p.status === "paid");
  return {
    records: purchases.length,
    quantity: paid.reduce((sum, p) => sum + p.quantity, 0),
    revenue: sumNaira(paid.map((p) => p.amount)),
    checkedIn: purchases.reduce((sum, p) => sum + p.checkedIn, 0),
  };
}

// ---------------------------------------------------------------------------------------------------
// Check-in at the door (issue 18, beyond the spec; decision 036)

export const SCAN_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const CheckInRequestSchema = z.object({
  code: z
    .string({ error: "Code is required" })
    .trim()
    .min(1, "Code is required")
    .max(200, "Code must be at most 200 characters"),
  /** the client's idempotency key: the same scan sent again gets the same answer, never a second admission */
  scanId: z
    .string({ error: "scanId is required" })
    .regex(SCAN_ID_PATTERN, "scanId must be 8 to 64 letters, digits, - or _"),
});
export type CheckInRequest = z.infer<typeof CheckInRequestSchema>;

export const CheckInResultSchema = z.discriminatedUnion("result", [
  z.object({
    result: z.literal("admitted"),
    ticketType: z.string(),
    email: z.string(),
    /** how many of the quantity are now in, this one included */
    admitted: z.number().int(),
    quantity: z.number().int(),
    at: z.string(),
  }),
  z.object({
    result: z.literal("already_used"),
    ticketType: z.string(),
    email: z.string(),
    quantity: z.number().int(),
    /** the last admission: when and by whom */
    at: z.string(),
    by: z.string(),
  }),
  z.object({ result: z.literal("wrong_event"), eventName: z.string() }),
  z.object({ result: z.literal("refunded"), status: z.enum(["refund_pending", "refunded"]) }),
  z.object({ result: z.literal("unpaid") }),
  z.object({ result: z.literal("forged") }),
]);
export type CheckInResult = z.infer<typeof CheckInResultSchema>;
