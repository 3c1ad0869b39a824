ALTER TABLE "course_purchases" ALTER COLUMN "amount_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "price_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "discount_price_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "event_purchases" ALTER COLUMN "amount_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ALTER COLUMN "amount_kobo" SET DATA TYPE bigint;