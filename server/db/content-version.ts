// The content versions (architecture "Caching"; decision 044): numbers that change whenever anything a
// public page shows changes, one per scope (a family of pages), so that a cache keyed by (URL, the
// versions of the page's scopes) is always exact and a comment does not empty the cache of the home page.
// It can only be exact if no write forgets it, so every write to a public content table goes through
// `writeContent`, which runs the change and the bump in one transaction: either both happen or neither does.
//
//   const course = await writeContent(db, ["courses"], async (tx) => {
//     const [row] = await tx.update(courses).set(changes).where(eq(courses.id, id)).returning();
//     return row;
//   });
//
// server/db/content-writes.test.ts fails, naming the file and line, when code under server/, app/ or
// scripts/ writes one of PUBLIC_CONTENT_TABLES through anything but the `tx` of a `writeContent`
// callback (or a `ContentTx` parameter), and when a new table is in neither list below.
import { getTableName, inArray, sql } from "drizzle-orm";
import type { ResourceScope } from "../../contract/admin/admin-resource.ts";
import type { Db } from "./client.ts";
import { RESOURCE_TABLES } from "./resource-tables.ts";
import {
  account,
  adminAudit,
  categories,
  checkIns,
  courseChapters,
  courseLessons,
  lessonMaterials,
  lessonProgress,
  quizQuestions,
  quizSettings,
  quizAttempts,
  courseCompletions,
  certificateNames,
  certificates,
  lessonVideos,
  comments,
  contacts,
  contactResponses,
  contentScopes,
  couponUsages,
  coupons,
  coursePurchases,
  courses,
  eventPurchases,
  events,
  hero,
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

/**
 * Tables whose rows public pages show (spec public-area §3): written only inside `writeContent`. The
 * declared resources' tables come from the registry (server/db/resource-tables.ts; decision 071).
 */
export const PUBLIC_CONTENT_TABLES = [
  ...Object.values(RESOURCE_TABLES),
  categories,
  courses,
  hero,
  events,
  posts,
  comments,
  courseChapters,
  courseLessons,
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
  [getTableName(contentScopes)]: "the versions themselves",
  [getTableName(adminAudit)]: "what admins did: shown in the back office only",
  [getTableName(lessonMaterials)]: "a lesson's files: served only to those allowed, never on a cached page",
  [getTableName(lessonVideos)]: "uploaded videos and their transcoding: the lesson page is never cached",
  [getTableName(lessonProgress)]: "one learner's progress, shown only to them and the admins",
  [getTableName(quizQuestions)]: "a quiz's questions and key: served per person with its lesson, never cached",
  [getTableName(quizSettings)]: "a quiz's pass mark and attempts: served per person with its lesson",
  [getTableName(quizAttempts)]: "one learner's attempts, shown only to them and the admins",
  [getTableName(courseCompletions)]: "one learner's completions, shown only to them and the admins",
  [getTableName(certificateNames)]: "the name a learner wants on their certificates",
  [getTableName(certificates)]: "certificates: their page is per certificate and never cached by the page cache",
};

/**
 * What a content write changes, as families of public pages (decision 044). A cached page is keyed by
 * the versions of the scopes it shows, so a write moves only the pages of its scopes:
 *  - a declared resource's `scope` (contract/admin/admin-resource.ts ResourceScope): "home" (the home page's
 *    lists), "about" (its hero and experts), "events" (events and talents: the showcase), "categories";
 *  - "courses";
 *  - "posts": the blog's lists (a post's title, cover, comment count...);
 *  - `post:{slug}`: one post's page (its body and its comments);
 *  - "site": everything (the seed); every cached page depends on it.
 * Every write also moves "all", the version of pages declared with no narrower scope.
 */
export type ContentScope = ResourceScope | "courses" | "posts" | `post:${string}` | "site";

/** The scope of one post's page. */
export const postScope = (slug: string): ContentScope => `post:${slug}`;

/** The channel on which a committed write announces its new versions (NOTIFY is sent at commit). */
export const CONTENT_CHANNEL = "content_scopes";

/** Scope name → version. */
export type ScopeVersions = Record<string, number>;

/**
 * Adds one to the versions of `scopes` and of "all" (creating their rows at 1), and announces the new
 * versions at commit. "all" is locked first by every write, so two writes never wait on each other's
 * rows in opposite orders.
 */
async function bump(tx: Tx, scopes: readonly ContentScope[]): Promise<ScopeVersions> {
  const names = ["all", ...[...new Set(scopes)].filter((s) => (s as string) !== "all").sort()];
  const rows = (await tx
    .insert(contentScopes)
    .values(names.map((scope) => ({ scope, version: 1 })))
    .onConflictDoUpdate({ target: contentScopes.scope, set: { version: sql`${contentScopes.version} + 1` } })
    .returning({ scope: contentScopes.scope, version: contentScopes.version })) as Array<{
    scope: string;
    version: number;
  }>;
  const versions: ScopeVersions = Object.fromEntries(rows.map((r) => [r.scope, Number(r.version)]));
  const payload = JSON.stringify(versions);
  // A NOTIFY payload is at most 8,000 bytes: a write of very many scopes tells listeners to reload.
  await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${payload.length < 7900 ? payload : "reload"})`);
  return versions;
}

/** Told of the versions a write committed in this process, before `writeContent` returns (page-cache). */
const committedListeners = new WeakMap<object, Set<(versions: ScopeVersions) => void>>();

/** `listener` hears, synchronously after the commit, the versions each `writeContent` on `db` committed. */
export function onContentCommitted(db: Db, listener: (versions: ScopeVersions) => void): () => void {
  let listeners = committedListeners.get(db);
  if (!listeners) committedListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs `change` in a transaction and bumps the versions of `scopes` (and "all") in the same transaction;
 * returns what `change` returns. `change` may add scopes it learns as it goes (a comment's post's page). When `change` throws, nothing of it is kept and the versions stay.
 * Write public content only through the `tx` it is given. Inside a transaction already, pass that `tx`
 * as `db`: the change then runs in a savepoint of it (and its versions are announced at that commit).
 */
export async function writeContent<T>(
  db: Db | Tx,
  scopes: readonly ContentScope[],
  change: (tx: ContentTx, alsoScopes: (...more: ContentScope[]) => void) => Promise<T>,
): Promise<T> {
  let versions: ScopeVersions = {};
  const result = await db.transaction(async (tx) => {
    const all = [...scopes];
    const value = await change(tx as ContentTx, (...more) => all.push(...more));
    versions = await bump(tx, all);
    return value;
  });
  // Committed (a savepoint's outer transaction may still roll back: only the NOTIFY tells of it then).
  for (const listener of committedListeners.get(db) ?? []) listener(versions);
  return result;
}

/** The version of "all": 0 before any content was written, then one more per `writeContent`. */
export async function contentVersionOf(db: Db | Tx): Promise<number> {
  return (await scopeVersionsOf(db, ["all"])).all ?? 0;
}

/** The versions of `scopes` (a scope never written is absent: version 0). */
export async function scopeVersionsOf(db: Db | Tx, scopes?: readonly string[]): Promise<ScopeVersions> {
  const rows = await db
    .select({ scope: contentScopes.scope, version: contentScopes.version })
    .from(contentScopes)
    .where(scopes ? inArray(contentScopes.scope, [...scopes]) : undefined);
  return Object.fromEntries(rows.map((r) => [r.scope, Number(r.version)]));
}
