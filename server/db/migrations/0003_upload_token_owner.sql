ALTER TABLE "upload_tokens" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "file_key" text;