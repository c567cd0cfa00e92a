CREATE TABLE "country_guide_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"country" text NOT NULL,
	"page" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body_html" text NOT NULL,
	"sources" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"reading_minutes" integer NOT NULL,
	"reviewed_on" date NOT NULL,
	"status" text NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "country_guide_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "country_guide_pages_country_idx" ON "country_guide_pages" USING btree ("country");