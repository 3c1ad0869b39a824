ALTER TABLE "mail_messages" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "queued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "status" text DEFAULT 'queuing' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "cursor" text;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "created_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "bounce_reason" text;--> statement-breakpoint
CREATE INDEX "mail_messages_campaign_idx" ON "mail_messages" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_created_at_idx" ON "newsletter_campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_unsubscribe_token_idx" ON "newsletter_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_confirm_token_idx" ON "newsletter_subscribers" USING btree ("confirm_token");--> statement-breakpoint
CREATE INDEX "newsletter_status_id_idx" ON "newsletter_subscribers" USING btree ("status","id");--> statement-breakpoint
-- subscribers from before the double opt-in asked for the newsletter under the old form: kept as confirmed (decision 037)
UPDATE "newsletter_subscribers" SET "status" = 'confirmed', "confirmed_at" = "subscribed_at";