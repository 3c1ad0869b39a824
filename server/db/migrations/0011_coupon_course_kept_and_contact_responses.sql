CREATE TABLE "contact_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"contact_id" text NOT NULL,
	"response" text NOT NULL,
	"admin_id" text,
	"admin_name" text DEFAULT '' NOT NULL,
	"admin_email" text DEFAULT '' NOT NULL,
	"mail_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_responses" ADD CONSTRAINT "contact_responses_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_responses_contact_idx" ON "contact_responses" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree (lower("email"));