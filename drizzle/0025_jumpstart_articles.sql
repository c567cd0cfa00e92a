CREATE TABLE "jumpstart_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"list" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body_html" text NOT NULL,
	"position" integer NOT NULL,
	"reading_minutes" integer NOT NULL,
	"status" text NOT NULL,
	"published_on" date NOT NULL,
	"revised_on" date,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jumpstart_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "jumpstart_articles_list_idx" ON "jumpstart_articles" USING btree ("list","position");