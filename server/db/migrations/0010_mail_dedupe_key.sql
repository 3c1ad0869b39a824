ALTER TABLE "mail_messages" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_dedupe_key_unique" UNIQUE("dedupe_key");