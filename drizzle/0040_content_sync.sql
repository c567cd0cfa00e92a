CREATE TABLE "content_sync" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fingerprint" text,
	CONSTRAINT "content_sync_one_row" CHECK ("content_sync"."id" = 1)
);
