CREATE TYPE "public"."employer_verification" AS ENUM('register_a_rated', 'staff');--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'employer';--> statement-breakpoint
CREATE TABLE "employer_organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"website" text NOT NULL,
	"website_domain" text NOT NULL,
	"register_org_key" text,
	"holds_no_licence" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	"verification" "employer_verification",
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employer_organisation_id" integer;--> statement-breakpoint
ALTER TABLE "employer_organisations" ADD CONSTRAINT "employer_organisations_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_organisations_verified_at_idx" ON "employer_organisations" USING btree ("verified_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employer_organisation_id_employer_organisations_id_fk" FOREIGN KEY ("employer_organisation_id") REFERENCES "public"."employer_organisations"("id") ON DELETE no action ON UPDATE no action;