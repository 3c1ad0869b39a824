ALTER TABLE "mail_messages" ADD COLUMN "our_side_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_messages_sent_at_idx" ON "mail_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "mail_messages_our_side_idx" ON "mail_messages" USING btree ("our_side_failed_at") WHERE "mail_messages"."our_side_failed_at" is not null;