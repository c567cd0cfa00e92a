CREATE TYPE "public"."roster_mode" AS ENUM('full', 'partial');--> statement-breakpoint
CREATE TYPE "public"."roster_status" AS ENUM('active', 'suspended', 'left');--> statement-breakpoint
CREATE TABLE "roster_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "roster_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "roster_records" (
	"university_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"course" text,
	"level" "study_level",
	"expected_graduation" text,
	"status" "roster_status" NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roster_records_university_id_student_id_pk" PRIMARY KEY("university_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "roster_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"mode" "roster_mode" NOT NULL,
	"file_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_api_keys" ADD CONSTRAINT "roster_api_keys_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_api_keys" ADD CONSTRAINT "roster_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_records" ADD CONSTRAINT "roster_records_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD CONSTRAINT "roster_uploads_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD CONSTRAINT "roster_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_api_keys_university_idx" ON "roster_api_keys" USING btree ("university_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_records_email_key" ON "roster_records" USING btree ("university_id",lower("email"));--> statement-breakpoint
CREATE INDEX "roster_uploads_university_idx" ON "roster_uploads" USING btree ("university_id","uploaded_by");