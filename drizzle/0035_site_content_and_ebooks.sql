CREATE TABLE "ebook_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"ebook" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"audience" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"area" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"fields" jsonb NOT NULL,
	"position" integer DEFAULT 100 NOT NULL,
	"status" text NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_entries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "kind" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "country_guide_pages" ADD COLUMN "body_markdown" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "ebook_requests_ebook_idx" ON "ebook_requests" USING btree ("ebook");--> statement-breakpoint
CREATE INDEX "site_entries_area_idx" ON "site_entries" USING btree ("area","position");--> statement-breakpoint
-- The guides' pages are written again at the next content sync, with their Markdown this time.
UPDATE "country_guide_pages" SET "source_hash" = '';
