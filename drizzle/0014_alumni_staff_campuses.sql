CREATE TABLE "user_campuses" (
	"user_id" integer NOT NULL,
	"university_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_campuses_user_id_university_id_pk" PRIMARY KEY("user_id","university_id")
);
--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_decided_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "alumni_graduation_year" integer;--> statement-breakpoint
ALTER TABLE "user_campuses" ADD CONSTRAINT "user_campuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campuses" ADD CONSTRAINT "user_campuses_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "universities" ADD CONSTRAINT "universities_group_id_universities_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_access_decided_by_users_id_fk" FOREIGN KEY ("access_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;