CREATE TABLE "auth_attempt" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"first_at" bigint NOT NULL,
	"last_at" bigint NOT NULL
);
