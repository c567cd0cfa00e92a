CREATE TYPE "public"."employer_policy" AS ENUM('all-verified', 'licensed-only', 'approved-only');--> statement-breakpoint
CREATE TYPE "public"."employer_decision" AS ENUM('approved', 'blocked');--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('received', 'shortlisted', 'interview', 'offer', 'unsuccessful', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."job_posting_status" ADD VALUE 'draft';--> statement-breakpoint
ALTER TYPE "public"."job_posting_status" ADD VALUE 'pending';--> statement-breakpoint
CREATE TABLE "university_employers" (
	"university_id" integer NOT NULL,
	"employer_organisation_id" integer NOT NULL,
	"decision" "employer_decision" NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "university_employers_university_id_employer_organisation_id_pk" PRIMARY KEY("university_id","employer_organisation_id")
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_posting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"cv_id" integer,
	"cv_name" text NOT NULL,
	"cv_version" integer NOT NULL,
	"cv_pdf" "bytea",
	"note" text DEFAULT '' NOT NULL,
	"status" "application_status" DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status_changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "employer_policy" "employer_policy" DEFAULT 'all-verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "employer_organisation_id" integer;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "posted_by" integer;--> statement-breakpoint
ALTER TABLE "employer_organisations" ADD COLUMN "licence_lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "university_employers" ADD CONSTRAINT "university_employers_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "university_employers" ADD CONSTRAINT "university_employers_employer_organisation_id_employer_organisations_id_fk" FOREIGN KEY ("employer_organisation_id") REFERENCES "public"."employer_organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "university_employers" ADD CONSTRAINT "university_employers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_posting_id_job_postings_id_fk" FOREIGN KEY ("job_posting_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_cv_id_cvs_id_fk" FOREIGN KEY ("cv_id") REFERENCES "public"."cvs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_job_user_idx" ON "job_applications" USING btree ("job_posting_id","user_id");--> statement-breakpoint
CREATE INDEX "job_applications_user_idx" ON "job_applications" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_employer_organisation_id_employer_organisations_id_fk" FOREIGN KEY ("employer_organisation_id") REFERENCES "public"."employer_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_postings_employer_organisation_idx" ON "job_postings" USING btree ("employer_organisation_id");