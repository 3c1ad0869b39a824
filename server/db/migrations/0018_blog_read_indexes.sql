DROP INDEX "post_stats_visits_idx";--> statement-breakpoint
DROP INDEX "post_stats_recent_idx";--> statement-breakpoint
DROP INDEX "posts_created_at_idx";--> statement-breakpoint
ALTER TABLE "post_stats" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- post_stats.created_at is the post's own (decision 043): filled for the existing rows, set on every
-- insert (whatever the insert says), and kept when a post's created_at changes.
UPDATE "post_stats" SET "created_at" = "posts"."created_at" FROM "posts" WHERE "posts"."id" = "post_stats"."post_id";--> statement-breakpoint
CREATE FUNCTION "post_stats_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "created_at" INTO NEW."created_at" FROM "posts" WHERE "id" = NEW."post_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "post_stats_set_created_at" BEFORE INSERT ON "post_stats" FOR EACH ROW EXECUTE FUNCTION "post_stats_created_at"();--> statement-breakpoint
CREATE FUNCTION "post_stats_follow_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "post_stats" SET "created_at" = NEW."created_at" WHERE "post_id" = NEW."id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_stats_created_at" AFTER UPDATE OF "created_at" ON "posts" FOR EACH ROW EXECUTE FUNCTION "post_stats_follow_post"();--> statement-breakpoint
CREATE INDEX "post_stats_popular_idx" ON "post_stats" USING btree ("visits","created_at","post_id");--> statement-breakpoint
CREATE INDEX "post_stats_trending_idx" ON "post_stats" USING btree ("recent","created_at","post_id");--> statement-breakpoint
CREATE INDEX "posts_created_id_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
-- planner statistics for the new indexes at once (PGlite runs no autovacuum)
ANALYZE "posts", "post_stats";