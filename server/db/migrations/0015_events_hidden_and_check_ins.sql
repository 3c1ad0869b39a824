CREATE TABLE "check_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"event_id" text NOT NULL,
	"seq" integer NOT NULL,
	"scan_id" text NOT NULL,
	"by_user_id" text,
	"by_name" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_purchases" ADD COLUMN "checked_in" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_purchase_seq_key" ON "check_ins" USING btree ("purchase_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_scan_key" ON "check_ins" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "check_ins_event_idx" ON "check_ins" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "event_purchases" ADD CONSTRAINT "event_purchases_checked_in_range" CHECK ("event_purchases"."checked_in" >= 0 and "event_purchases"."checked_in" <= "event_purchases"."quantity");