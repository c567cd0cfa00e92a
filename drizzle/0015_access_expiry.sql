ALTER TABLE "universities" ADD COLUMN "alumni_access_months" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_expires_at" timestamp with time zone;