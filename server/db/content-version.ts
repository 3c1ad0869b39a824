// The content version (architecture "Caching"): one number that changes whenever anything a public page
// shows changes, so that a cache keyed by (URL, version) is always exact. It can only be exact if no
// write forgets it, so every write to a public content table goes through `writeContent`, which runs
// the change and the bump in one transaction: either both happen or neither does.
//
//   const course = await writeContent(db, async (tx) => {
//     const [row] = await tx.update(courses).set(changes).where(eq(courses.id, id)).returning();
//     return row;
//   });
//
// server/db/content-writes.test.ts fails, naming the file and line, when code under server/, app/ or
// scripts/ writes one of PUBLIC_CONTENT_TABLES through anything but the `tx` of a `writeContent`
// callback (or a `ContentTx` parameter), and when a new table is in neither list below.
import { eq, getTableName, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import {
  account,
  adminAudit,
  blogTeasers,
  carouselSlides,
  categories,
  checkIns,
  comments,
  contacts,
  contactResponses,
  contentVersion,
  couponUsages,
  coupons,
  coursePurchases,
  courses,
  eventPurchases,
  events,
  experts,
  faqs,
  hero,
  instructorCtas,
  mailMessages,
  newsletterCampaigns,
  newsletterSubscribers,
  payments,
  paymentEvents,
  sandboxTransactions,
  posts,
  postStats,
  postVisits,
  rateLimit,
  authAttempt,
  savedPosts,
  session,
  talents,
  uploadTokens,
  user,
  verification,
} from "./schema.ts";

/** A transaction of `db`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

declare const contentWrite: unique symbol;
/**
 * What a `writeContent` callback receives: a transaction that will bump the content version. A helper
 * that writes content for its caller takes a `ContentTx` parameter (the guard test accepts writes
 * through one); a plain `db.transaction` gives a `Tx`, which does not type-check as one.
 */
export type ContentTx = Tx & { readonly [contentWrite]: true };

/** Tables whose rows public pages show (spec public-area §3): written only inside `writeContent`. */
export const PUBLIC_CONTENT_TABLES = [
  carouselSlides,
  categories,
  courses,
  blogTeasers,
  instructorCtas,
  faqs,
  hero,
  experts,
  events,
  talents,
  posts,
  comments,
] as const;

/** Every other table, and why its writes leave the content version alone. */
export const NOT_PUBLIC_CONTENT: Readonly<Record<string, string>> = {
  [getTableName(user)]: "accounts: signed-in pages are never cached",
  [getTableName(session)]: "sessions",
  [getTableName(account)]: "passwords",
  [getTableName(verification)]: "e-mail and reset tokens",
  [getTableName(rateLimit)]: "rate-limit counters",
  [getTableName(authAttempt)]: "failed sign-ins and identity e-mails per account and address",
  [getTableName(coupons)]: "checked through the API at checkout, never rendered on a page",
  [getTableName(couponUsages)]: "checkout records",
  [getTableName(coursePurchases)]: "checkout records",
  [getTableName(eventPurchases)]: "checkout records",
  [getTableName(checkIns)]: "admissions at an event's door: shown in the back office only",
  [getTableName(payments)]: "checkout records",
  [getTableName(paymentEvents)]: "checkout records: each payment's status changes",
  [getTableName(sandboxTransactions)]: "the offline payment sandbox's own transactions",
  [getTableName(postVisits)]:
    "who read a post in which hour: orders the popular and trending lists only (decision 015)",
  [getTableName(postStats)]: "visit totals: order the popular list only (decision 015)",
  [getTableName(savedPosts)]: "one user's bookmarks, shown only to them",
  [getTableName(contacts)]: "messages to the admins",
  [getTableName(contactResponses)]: "the admins' answers to those messages",
  [getTableName(newsletterSubscribers)]: "subscriber list",
  [getTableName(newsletterCampaigns)]: "bulk e-mails sent",
  [getTableName(mailMessages)]: "the mail outbox",
  [getTableName(uploadTokens)]: "upload tokens",
  [getTableName(contentVersion)]: "the version itself",
  [getTableName(adminAudit)]: "what admins did: shown in the back office only",
};

/** Adds one to the content version (creating its row, at 1, on a fresh database). */
async function bump(tx: Tx): Promise<void> {
  await tx
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1` } });
}

/**
 * Runs `change` in a transaction and bumps the content version in the same transaction; returns what
 * `change` returns. When `change` throws, nothing of it is kept and the version stays. Write public
 * content only through the `tx` it is given. Inside a transaction already, pass that `tx` as `db`:
 * the change then runs in a savepoint of it.
 */
export async function writeContent<T>(db: Db | Tx, change: (tx: ContentTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx as ContentTx);
    await bump(tx);
    return result;
  });
}

/** The current content version: 0 before any content was written, then one more per `writeContent`. */
export async function contentVersionOf(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}
