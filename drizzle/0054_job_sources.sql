CREATE TABLE "job_source_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"employer_name" text,
	"employer_organisation_id" integer,
	"every_minutes" integer DEFAULT 360 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_run_at" timestamp with time zone,
	"failures_in_a_row" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "job_source_runs" ADD CONSTRAINT "job_source_runs_source_id_job_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."job_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_sources" ADD CONSTRAINT "job_sources_employer_organisation_id_employer_organisations_id_fk" FOREIGN KEY ("employer_organisation_id") REFERENCES "public"."employer_organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_source_runs_source_idx" ON "job_source_runs" USING btree ("source_id","started_at");--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_duplicate_of_job_postings_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."job_postings"("id") ON DELETE set null ON UPDATE no action;