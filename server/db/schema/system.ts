// Upload tokens for the ImageKit-compatible upload and the content version used for caching
// (architecture "Media" and "Caching").
import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const uploadTokens = pgTable("upload_tokens", {
  token: text("token").primaryKey(),
  expire: bigint("expire", { mode: "number" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  /** the signed-in user it was issued to (GET /posts/upload-auth) */
  userId: text("user_id"),
  /** the store key of the file uploaded with it, once used */
  fileKey: text("file_key"),
});

/** A single row whose version every content write bumps. */
export const contentVersion = pgTable("content_version", {
  id: integer("id").primaryKey().default(1),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});
