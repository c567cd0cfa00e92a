CREATE TYPE "public"."job_posting_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."job_type" AS ENUM('full-time', 'part-time', 'internship', 'graduate-scheme', 'contract', 'temporary');--> statement-breakpoint
CREATE TYPE "public"."pay_period" AS ENUM('year', 'hour');--> statement-breakpoint
CREATE TYPE "public"."soc_source" AS ENUM('source', 'classified');--> statement-breakpoint
CREATE TYPE "public"."sponsorship_status" AS ENUM('likely', 'new-entrant', 'licensed-only', 'unlikely', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."work_arrangement" AS ENUM('on-site', 'hybrid', 'remote');--> statement-breakpoint
CREATE TABLE "job_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"employer_name" text NOT NULL,
	"sponsor_slug" text,
	"town" text,
	"region" text,
	"country" text DEFAULT 'GB' NOT NULL,
	"work_arrangement" "work_arrangement" DEFAULT 'on-site' NOT NULL,
	"salary_min" numeric(12, 2),
	"salary_max" numeric(12, 2),
	"salary_currency" text,
	"salary_period" "pay_period",
	"salary_competitive" boolean DEFAULT false NOT NULL,
	"salary_text" text,
	"hours_per_week" real,
	"type" "job_type" NOT NULL,
	"soc_code" text,
	"soc_confidence" real,
	"soc_source" "soc_source",
	"description_markdown" text NOT NULL,
	"description_html" text NOT NULL,
	"apply_url" text,
	"apply_email" text,
	"posted_at" timestamp with time zone NOT NULL,
	"closing_date" date,
	"status" "job_posting_status" DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"sponsorship_status" "sponsorship_status" DEFAULT 'unknown' NOT NULL,
	"sponsorship_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sponsorship_rules" text,
	"demo" boolean DEFAULT false NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("job_postings"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("job_postings"."employer_name", '')), 'B') || setweight(to_tsvector('english', coalesce("job_postings"."description_markdown", '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_postings_slug_idx" ON "job_postings" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "job_postings_source_external_idx" ON "job_postings" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "job_postings_search_idx" ON "job_postings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "job_postings_open_posted_idx" ON "job_postings" USING btree ("status","posted_at");--> statement-breakpoint
CREATE INDEX "job_postings_sponsorship_idx" ON "job_postings" USING btree ("sponsorship_status");--> statement-breakpoint
CREATE INDEX "job_postings_town_idx" ON "job_postings" USING btree (lower("town"));--> statement-breakpoint
CREATE INDEX "job_postings_region_idx" ON "job_postings" USING btree (lower("region"));