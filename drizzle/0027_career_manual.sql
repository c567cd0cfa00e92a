CREATE TABLE "career_manual_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"title" text NOT NULL,
	"body_markdown" text NOT NULL,
	"body_html" text NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "career_manual_pages" ADD CONSTRAINT "career_manual_pages_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_manual_pages" ADD CONSTRAINT "career_manual_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_manual_pages_university_idx" ON "career_manual_pages" USING btree ("university_id","position");