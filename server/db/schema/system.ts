// Upload tokens for the ImageKit-compatible upload and the content version used for caching
// (architecture "Media" and "Caching").
import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const uploadTokens = pgTable("upload_tokens", {
  token: text("token").primaryKey(),
  expire: bigint("expire", { mode: "number" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  /** the signed-in user it was issued to (GET /posts/upload-auth) */
  userId: text("user_id"),
  /** the store key of the file uploaded with it, once used */
  fileKey: text("file_key"),
});

/**
 * The content versions (architecture "Caching"; decision 044): one row per scope (a family of public
 * pages: "home", "courses", "post:{slug}", ...) plus "all", which every content write moves. A cached
 * page is keyed by the versions of the scopes it shows.
 */
export const contentScopes = pgTable("content_scopes", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});
