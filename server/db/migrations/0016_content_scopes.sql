CREATE TABLE "content_scopes" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_scopes" ("scope", "version") SELECT 'all', "version" FROM "content_version" WHERE "id" = 1;
