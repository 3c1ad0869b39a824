// The audit log of admin writes (issue 16 "Audit log", beyond the spec; what Ghost's and Strapi's
// admins keep): GET /api/admin/audit and the /admin/audit page. The query (paging, by admin, by
// resource, by Lagos calendar day), what an entry is, the words an entry is shown in and the address of
// the item it is about. Plain data and zod: the page imports this too.
import { z } from "zod";
import type { ResourceSpec } from "./admin-resource.ts";
import { lagosDayStart } from "../lib/dates.ts";
import { pageQuerySchema, pageSchema } from "../lib/paging.ts";
import { RESOURCES } from "./resources.ts";

/** Entries a page (the back office's lists: decision 029). */
export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_MESSAGES = {
  from: "from must be a date written YYYY-MM-DD",
  to: "to must be a date written YYYY-MM-DD",
  order: "from must not be later than to",
  actorId: "actorId must be at most 100 characters",
  resource: "resource must be at most 50 characters",
  empty: "No admin actions recorded yet.",
  noMatch: "Nothing matches these filters.",
};

/** A Lagos calendar day as a date input sends it; "" (a blank input of the GET form) is no filter. */
const day = (message: string) =>
  z
    .string({ error: message })
    .refine((v) => v === "" || lagosDayStart(v) !== null, message)
    .optional();

/**
 * GET /api/admin/audit?page=&pageSize=&actorId=&resource=&from=&to=: newest first. `from` and `to` are
 * calendar days in Lagos time (the academy's day, decision 007), `to` included whole. Blank values are
 * no filter, as the page's GET form sends them.
 */
export const AuditQuerySchema = pageQuerySchema({ pageSize: AUDIT_PAGE_SIZE })
  .extend({
    actorId: z.string({ error: AUDIT_MESSAGES.actorId }).max(100, AUDIT_MESSAGES.actorId).optional(),
    resource: z.string({ error: AUDIT_MESSAGES.resource }).max(50, AUDIT_MESSAGES.resource).optional(),
    from: day(AUDIT_MESSAGES.from),
    to: day(AUDIT_MESSAGES.to),
  })
  // (YYYY-MM-DD strings compare as their days do)
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_MESSAGES.order, path: ["from"] });
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const AuditEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601 */
  at: z.string(),
  /** who, as they were called then; `id` is null once the account is deleted */
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  /** create, update, delete, move, role, feature */
  action: z.string(),
  /** the resource's key: carousel, faqs, categories, users, posts... */
  resource: z.string(),
  itemId: z.string().nullable(),
  /** how the item was called at the time */
  itemLabel: z.string(),
  /** each changed field's value before and after (null: the item did not exist, or no longer does) */
  changes: z.record(z.string(), AuditChangeSchema),
  /** where the item is now (auditItemHref); null when it is gone and has no screen of its own */
  href: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = pageSchema(AuditEntrySchema);

/** What the filters offer: the admins and the resources that appear in the log. */
export const AuditFiltersSchema = z.object({
  admins: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  resources: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;

// ---------------------------------------------------------------------------------------------------
// The resources the log knows: their words and where their items are edited.

/** What the server found of an entry's item when it read the page. */
export interface AuditItemState {
  exists: boolean;
  /** a post's address (public-area §2 "Single post page": /{slug}) */
  slug?: string;
  /** an account's e-mail: /admin/users finds accounts by e-mail or username */
  email?: string;
  /** the admin page that shows the item (a payment: its course's or event's purchase table) */
  path?: string;
}

interface AuditResource {
  /** "FAQ": what one item is called */
  one: string;
  /** "FAQs": the resource filter's option */
  many: string;
  /** field name → label, where the resource declares them */
  fields?: Record<string, string>;
  href: (itemId: string | null, item: AuditItemState) => string | null;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A declared resource (contract/admin/resources.ts): its screen opens the item for editing from ?edit=<id>, or
 * on its own page (an event's detail: `viewHref`); an item that is gone leads to the screen's list; a
 * single record (the hero) is always at its screen. The words are the declaration's: `auditName` where
 * a list's heading is a sentence ("Manage Experts"), else its `texts.many`.
 */
function declared(spec: ResourceSpec): AuditResource {
  return {
    one: spec.texts.one,
    many: spec.auditName ?? spec.texts.many,
    fields: Object.fromEntries(spec.fields.map((f) => [f.name, f.label])),
    href: (itemId, item) => {
      if (spec.single || !item.exists || !itemId) return spec.adminPath;
      return spec.viewHref?.(itemId) ?? `${spec.adminPath}?edit=${encodeURIComponent(itemId)}`;
    },
  };
}

export const AUDIT_RESOURCES: Record<string, AuditResource> = {
  ...Object.fromEntries(RESOURCES.map((spec) => [spec.key, declared(spec)])),
  // a course opens on its detail page while it exists; a deleted one leads to the courses admin
  courses: {
    one: "course",
    many: "Courses",
    fields: {
      title: "Title",
      instructor: "Instructor",
      category: "Category",
      price: "Price (₦)",
      discountPrice: "Discount price (₦)",
      showDiscount: "Show discount",
      img: "Image",
      duration: "Duration",
      rating: "Rating",
      features: "Features",
    },
    href: (itemId, item) =>
      item.exists && itemId ? `/admin/course/${encodeURIComponent(itemId)}` : "/pmtalsLink/admin",
  },
  // a course's chapters and lessons (issue 31): its item is the course, opened on its content screen while it exists
  "course-content": {
    one: "course content",
    many: "Course content",
    fields: {
      chapter: "Chapter",
      lesson: "Lesson",
      kind: "Kind",
      published: "Published",
      preview: "Free preview",
      videoUrl: "Video link",
      video: "Video",
      material: "Material",
      liveStartsAt: "Live class starts",
      liveJoinUrl: "Join link",
      duration: "Length (s)",
      direction: "Moved",
    },
    href: (itemId, item) =>
      item.exists && itemId ? `/admin/course/${encodeURIComponent(itemId)}/content` : "/pmtalsLink/admin",
  },
  // a coupon opens on its detail page while it exists
  coupons: {
    one: "coupon",
    many: "Coupons",
    fields: { code: "Code", discount: "Discount (%)", isValid: "Active", courseId: "Course" },
    href: (itemId, item) => (item.exists && itemId ? `/coupons/view/${encodeURIComponent(itemId)}` : "/coupon-table"),
  },
  // a request is found on its screen by its e-mail while it exists
  contacts: {
    one: "contact request",
    many: "Contact requests",
    fields: {
      status: "Status",
      response: "Response",
      email: "E-mail",
      name: "Name",
      subject: "Subject",
      message: "Message",
    },
    href: (_id, item) =>
      item.exists && item.email ? `/admin/contacts?search=${encodeURIComponent(item.email)}` : "/admin/contacts",
  },
  // a refunded payment is shown in its course's (or event's) purchase table (decision 035)
  payments: {
    one: "payment",
    many: "Payments",
    fields: { status: "Status", reason: "Reason" },
    href: (_id, item) => (item.exists && item.path ? item.path : null),
  },
  // subscribers deleted and bulk e-mails sent (decision 037): both on the newsletter screen
  newsletter: {
    one: "newsletter subscriber",
    many: "Newsletter",
    fields: {
      email: "E-mail",
      status: "State",
      subject: "Subject",
      message: "Message",
      recipients: "Recipients",
      backgroundColor: "Background color",
      imageUrl: "Image URL",
      videoUrl: "Video URL",
      linkUrl: "Link URL",
    },
    href: () => "/admin/newsletter",
  },
  // one list of names, no item screen (spec admin §2 "Categories admin"): in place of the declaration's
  categories: { one: "category", many: "Categories", fields: { name: "Name" }, href: () => "/admin/categories" },
  users: {
    one: "user",
    many: "Users",
    fields: { role: "Role" },
    href: (_id, item) => (item.exists && item.email ? `/admin/users?search=${encodeURIComponent(item.email)}` : null),
  },
  // a deleted post has no address; a kept one is read where everyone reads it
  posts: {
    one: "post",
    many: "Posts",
    fields: { isFeatured: "Featured", title: "Title", slug: "Address", author: "Author", categories: "Categories" },
    href: (_id, item) => (item.exists && item.slug ? `/${item.slug}` : null),
  },
};

/** Where an entry's item is now: its admin screen (opened on it when it still exists), or null. */
export function auditItemHref(resource: string, itemId: string | null, item: AuditItemState): string | null {
  return AUDIT_RESOURCES[resource]?.href(itemId, item) ?? null;
}

/** The resource filter's words ("FAQs"); a resource the log does not know yet is shown by its key. */
export function auditResourceLabel(resource: string): string {
  return AUDIT_RESOURCES[resource]?.many ?? resource;
}

/** A field's label ("Button link"), else its name in words ("isFeatured" → "Is featured"). */
export function auditFieldLabel(resource: string, field: string): string {
  const declaredLabel = AUDIT_RESOURCES[resource]?.fields?.[field];
  if (declaredLabel) return declaredLabel;
  return capital(field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase());
}

const VERBS: Record<string, string> = {
  create: "Added",
  update: "Updated",
  delete: "Deleted",
  move: "Moved",
  refund: "Refunded",
  "refund-retry": "Retried the refund of",
};

/** What happened, in words: "Updated FAQ", "Featured post", "Granted admin role". */
export function describeAuditAction(entry: Pick<AuditEntry, "action" | "resource" | "changes">): string {
  const one = AUDIT_RESOURCES[entry.resource]?.one ?? entry.resource;
  if (entry.action === "feature") {
    return entry.changes.isFeatured?.after === false ? `Unfeatured ${one}` : `Featured ${one}`;
  }
  if (entry.action === "respond") return `Responded to ${one}`;
  if (entry.action === "send" && entry.resource === "newsletter") return "Sent bulk e-mail";
  if (entry.action === "resend" && entry.resource === "newsletter") return "Resent the confirmation e-mail";
  if (entry.action === "role") {
    return entry.changes.role?.after === "admin" ? "Granted admin role" : "Revoked admin role";
  }
  const verb = VERBS[entry.action] ?? capital(entry.action);
  return `${verb} ${one}`;
}

/** How long a changed value is shown before it is cut (the whole text stays one click away). */
export const AUDIT_VALUE_SHOWN = 80;

/**
 * A recorded value as text: "(none)" where there was no value (the item did not exist yet, or no
 * longer does), "(empty)" for blank text, yes/no, lists joined.
 */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  if (value === "") return "(empty)";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.map((v) => auditValueText(v)).join(", ");
  return JSON.stringify(value);
}

/** The value as a list shows it: at most AUDIT_VALUE_SHOWN characters, "…" when cut. */
export function shortAuditValue(text: string): { shown: string; cut: boolean } {
  const chars = [...text];
  return chars.length > AUDIT_VALUE_SHOWN
    ? { shown: `${chars.slice(0, AUDIT_VALUE_SHOWN).join("")}…`, cut: true }
    : { shown: text, cut: false };
}
