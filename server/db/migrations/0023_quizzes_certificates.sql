CREATE SEQUENCE "public"."certificate_status_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "certificate_names" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"name" text NOT NULL,
	"course_title" text NOT NULL,
	"instructor" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_index" integer DEFAULT nextval('certificate_status_seq') NOT NULL,
	"credential" jsonb,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"replaced_by" text
);
--> statement-breakpoint
CREATE TABLE "course_completions" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score" integer,
	CONSTRAINT "course_completions_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"course_id" text NOT NULL,
	"number" integer NOT NULL,
	"answers_hash" text NOT NULL,
	"answers" jsonb NOT NULL,
	"results" jsonb NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"lesson_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_kind" CHECK ("quiz_questions"."kind" in ('single', 'multiple', 'short'))
);
--> statement-breakpoint
CREATE TABLE "quiz_settings" (
	"lesson_id" text PRIMARY KEY NOT NULL,
	"pass_percent" integer DEFAULT 70 NOT NULL,
	"max_attempts" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_lessons" DROP CONSTRAINT "course_lessons_kind";--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_names" ADD CONSTRAINT "certificate_names_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_settings" ADD CONSTRAINT "quiz_settings_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_status_index_idx" ON "certificates" USING btree ("status_index");--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "certificates_course_idx" ON "certificates" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_current_idx" ON "certificates" USING btree ("user_id","course_id") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "course_completions_course_idx" ON "course_completions" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_number_idx" ON "quiz_attempts" USING btree ("user_id","lesson_id","number");--> statement-breakpoint
CREATE INDEX "quiz_attempts_lesson_idx" ON "quiz_attempts" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "quiz_questions_lesson_idx" ON "quiz_questions" USING btree ("lesson_id","position");--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_kind" CHECK ("course_lessons"."kind" in ('text', 'video', 'materials', 'live', 'quiz'));