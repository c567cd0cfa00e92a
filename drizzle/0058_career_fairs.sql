CREATE TABLE "career_fair_exhibitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"fair_id" integer NOT NULL,
	"employer_organisation_id" integer,
	"name" text,
	CONSTRAINT "career_fair_exhibitors_one_kind" CHECK (("career_fair_exhibitors"."employer_organisation_id" is null) <> ("career_fair_exhibitors"."name" is null))
);
--> statement-breakpoint
CREATE TABLE "career_fair_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"fair_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"university_id" integer,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" integer
);
--> statement-breakpoint
CREATE TABLE "career_fair_talks" (
	"id" serial PRIMARY KEY NOT NULL,
	"fair_id" integer NOT NULL,
	"title" text NOT NULL,
	"speaker" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"room" text
);
--> statement-breakpoint
CREATE TABLE "career_fairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"university_id" integer,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"format" text NOT NULL,
	"venue" text,
	"join_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "career_fairs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "career_fair_exhibitors" ADD CONSTRAINT "career_fair_exhibitors_fair_id_career_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."career_fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fair_exhibitors" ADD CONSTRAINT "career_fair_exhibitors_employer_organisation_id_employer_organisations_id_fk" FOREIGN KEY ("employer_organisation_id") REFERENCES "public"."employer_organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fair_registrations" ADD CONSTRAINT "career_fair_registrations_fair_id_career_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."career_fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fair_registrations" ADD CONSTRAINT "career_fair_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fair_registrations" ADD CONSTRAINT "career_fair_registrations_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fair_registrations" ADD CONSTRAINT "career_fair_registrations_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fair_talks" ADD CONSTRAINT "career_fair_talks_fair_id_career_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."career_fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fairs" ADD CONSTRAINT "career_fairs_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fairs" ADD CONSTRAINT "career_fairs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "career_fair_exhibitors_organisation_idx" ON "career_fair_exhibitors" USING btree ("fair_id","employer_organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "career_fair_exhibitors_name_idx" ON "career_fair_exhibitors" USING btree ("fair_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "career_fair_registrations_person_idx" ON "career_fair_registrations" USING btree ("fair_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "career_fair_registrations_code_idx" ON "career_fair_registrations" USING btree ("fair_id","code");--> statement-breakpoint
CREATE INDEX "career_fair_registrations_code_lookup_idx" ON "career_fair_registrations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "career_fair_registrations_university_idx" ON "career_fair_registrations" USING btree ("university_id","fair_id");--> statement-breakpoint
CREATE INDEX "career_fair_registrations_user_idx" ON "career_fair_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "career_fair_talks_fair_idx" ON "career_fair_talks" USING btree ("fair_id","start_time");--> statement-breakpoint
CREATE INDEX "career_fairs_university_idx" ON "career_fairs" USING btree ("university_id","starts_at");