CREATE TABLE "account_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer,
	"role" "role" NOT NULL,
	"account_created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;