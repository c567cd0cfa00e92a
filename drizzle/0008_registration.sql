CREATE TYPE "public"."access_status" AS ENUM('active', 'awaiting_approval', 'refused');--> statement-breakpoint
CREATE TYPE "public"."study_level" AS ENUM('foundation', 'undergraduate', 'postgraduate_taught', 'postgraduate_research', 'other');--> statement-breakpoint
CREATE TYPE "public"."visa_type" AS ENUM('student', 'graduate', 'skilled_worker', 'dependant', 'other', 'none_needed');--> statement-breakpoint
ALTER TYPE "public"."token_purpose" ADD VALUE 'complete_profile';--> statement-breakpoint
CREATE TABLE "student_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone" text,
	"home_country_id" integer,
	"course" text,
	"study_level" "study_level",
	"graduation_date" date,
	"visa_type" "visa_type",
	"visa_expiry" date,
	"sectors" text[] DEFAULT '{}' NOT NULL,
	"locations" text[] DEFAULT '{}' NOT NULL,
	"job_types" text[] DEFAULT '{}' NOT NULL,
	"linkedin_url" text,
	"job_alerts" boolean DEFAULT true NOT NULL,
	"newsletters" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "email_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_status" "access_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_home_country_id_countries_id_fk" FOREIGN KEY ("home_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Accounts made before registration existed were made by operators with known addresses.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "password_hash" IS NOT NULL;
