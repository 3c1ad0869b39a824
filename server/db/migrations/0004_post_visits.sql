CREATE TABLE "post_stats" (
	"post_id" text PRIMARY KEY NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_visits" (
	"post_id" text NOT NULL,
	"visitor" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "post_visits_post_id_visitor_hour_pk" PRIMARY KEY("post_id","visitor","hour")
);
--> statement-breakpoint
ALTER TABLE "post_stats" ADD CONSTRAINT "post_stats_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_visits" ADD CONSTRAINT "post_visits_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_stats_visits_idx" ON "post_stats" USING btree ("visits");--> statement-breakpoint
CREATE INDEX "post_visits_hour_idx" ON "post_visits" USING btree ("hour","post_id");--> statement-breakpoint
CREATE INDEX "posts_featured_idx" ON "posts" USING btree ("created_at") WHERE "posts"."is_featured";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "visits";