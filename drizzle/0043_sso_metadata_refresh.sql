ALTER TABLE "university_sso" ADD COLUMN "idp_metadata_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "university_sso" ADD COLUMN "idp_metadata_problem" text;