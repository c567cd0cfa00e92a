CREATE TABLE "analytics_activity" (
	"university_id" integer NOT NULL,
	"year" integer NOT NULL,
	"user_id" integer NOT NULL,
	"home_country_id" integer,
	"days_any" bit(366) NOT NULL,
	"days_jobs" bit(366) NOT NULL,
	"days_cv" bit(366) NOT NULL,
	"days_hub" bit(366) NOT NULL,
	"days_calculator" bit(366) NOT NULL,
	"days_sponsors" bit(366) NOT NULL,
	CONSTRAINT "analytics_activity_university_id_year_user_id_pk" PRIMARY KEY("university_id","year","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"university_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"value" text NOT NULL,
	"events" integer NOT NULL,
	"amount" double precision DEFAULT 0 NOT NULL,
	"students" integer[] DEFAULT '{}'::int[] NOT NULL,
	CONSTRAINT "analytics_daily_university_id_dimension_metric_day_value_pk" PRIMARY KEY("university_id","dimension","metric","day","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_presence" (
	"university_id" integer NOT NULL,
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "analytics_presence_university_id_key_user_id_pk" PRIMARY KEY("university_id","key","user_id")
);
--> statement-breakpoint
CREATE TABLE "university_logos" (
	"university_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "salary_band" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_activity" ADD CONSTRAINT "analytics_activity_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_activity" ADD CONSTRAINT "analytics_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_presence" ADD CONSTRAINT "analytics_presence_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_presence" ADD CONSTRAINT "analytics_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "university_logos" ADD CONSTRAINT "university_logos_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;