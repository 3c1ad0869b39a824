ALTER TABLE "post_stats" ADD COLUMN "recent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "post_stats_recent_idx" ON "post_stats" USING btree ("recent");--> statement-breakpoint
-- Every post has its stats row, from the moment it is written (the popular and trending lists join it).
CREATE FUNCTION "post_stats_for_new_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "post_stats" ("post_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_add_stats" AFTER INSERT ON "posts" FOR EACH ROW EXECUTE FUNCTION "post_stats_for_new_post"();--> statement-breakpoint
INSERT INTO "post_stats" ("post_id") SELECT "id" FROM "posts" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "post_stats" SET "recent" = "counted"."n"
FROM (SELECT "post_id", count(*)::int AS "n" FROM "post_visits" WHERE "hour" >= now() - interval '7 days' GROUP BY "post_id") AS "counted"
WHERE "post_stats"."post_id" = "counted"."post_id";
