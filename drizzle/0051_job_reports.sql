CREATE TABLE "job_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_posting_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"reporter_user_id" integer,
	"reporter_address_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision" text
);
--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_job_posting_id_job_postings_id_fk" FOREIGN KEY ("job_posting_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_reports_job_user_idx" ON "job_reports" USING btree ("job_posting_id","reporter_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_reports_job_address_idx" ON "job_reports" USING btree ("job_posting_id","reporter_address_hash");--> statement-breakpoint
CREATE INDEX "job_reports_undecided_idx" ON "job_reports" USING btree ("job_posting_id") WHERE "job_reports"."decided_at" is null;