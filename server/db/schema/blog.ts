// Posts, comments and saved posts (public-area §3, admin-back-office §3). Search uses a generated
// tsvector with a GIN index (architecture "Search").
import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const posts = pgTable(
  "posts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    desc: text("desc").notNull().default(""),
    img: text("img").notNull().default(""),
    content: text("content").notNull(),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isFeatured: boolean("is_featured").notNull().default(false),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce("desc", '')), 'B') || setweight(to_tsvector('english', coalesce(content, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("posts_search_idx").using("gin", t.search),
    index("posts_categories_idx").using("gin", t.categories),
    // newest and oldest first: (created_at, id) is the whole order, read forwards or backwards (decision 043)
    index("posts_created_id_idx").on(t.createdAt, t.id),
    index("posts_user_idx").on(t.userId),
    index("posts_featured_idx")
      .on(t.createdAt)
      .where(sql`${t.isFeatured}`),
  ],
);

/**
 * Who read which post in which hour (issue 8: a visit counts "at most once per visitor and hour").
 * `visitor` is the signed-in user's id or a keyed hash of the reader's address and browser, never the
 * address itself. Rows older than the trending window are removed by a daily job. Not public content:
 * visits change the order of the "popular" and "trending" lists, not what a page shows of a post
 * (docs/decisions/015-post-visits.md).
 */
export const postVisits = pgTable(
  "post_visits",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.visitor, t.hour] }), index("post_visits_hour_idx").on(t.hour, t.postId)],
);

/**
 * A post's visit counts, one row per post (a trigger of migration 0005 adds it when the post is
 * written): `visits` all-time ("Most Popular"), `recent` in the trending window ("Trending"; one more
 * per new visit, recounted hourly from post_visits so that old visits drop out). `created_at` is the
 * post's own, copied by triggers of migration 0018 (set on insert, kept when the post's date changes), so
 * that each order's whole key (count, created_at, id) is one index: the two orders read the first rows
 * of an index instead of sorting every post that ties at 0 (decision 043).
 */
export const postStats = pgTable(
  "post_stats",
  {
    postId: text("post_id")
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    visits: integer("visits").notNull().default(0),
    recent: integer("recent").notNull().default(0),
    // the default is never kept: a trigger sets the post's created_at on every insert
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // read backwards for "count desc, created_at desc, id desc" (the default NULLS FIRST of desc)
    index("post_stats_popular_idx").on(t.visits, t.createdAt, t.postId),
    index("post_stats_trending_idx").on(t.recent, t.createdAt, t.postId),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: id(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    desc: text("desc").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("comments_post_idx").on(t.postId, t.createdAt)],
);

export const savedPosts = pgTable(
  "saved_posts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);
