CREATE TABLE "graduate_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"university_id" integer NOT NULL,
	"wave" smallint NOT NULL,
	"graduation_month" text NOT NULL,
	"course" text,
	"study_level" "study_level",
	"home_country_id" integer,
	"visa_type" "visa_type",
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"activity" text,
	"work_country_id" integer,
	"employer" text,
	"job_title" text,
	"salary_band" text,
	"sponsored" boolean,
	"work_route" text,
	"found_through" text,
	CONSTRAINT "graduate_surveys_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "graduate_surveys" ADD CONSTRAINT "graduate_surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduate_surveys" ADD CONSTRAINT "graduate_surveys_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduate_surveys" ADD CONSTRAINT "graduate_surveys_home_country_id_countries_id_fk" FOREIGN KEY ("home_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduate_surveys" ADD CONSTRAINT "graduate_surveys_work_country_id_countries_id_fk" FOREIGN KEY ("work_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "graduate_surveys_user_wave_key" ON "graduate_surveys" USING btree ("user_id","wave");--> statement-breakpoint
CREATE INDEX "graduate_surveys_university_idx" ON "graduate_surveys" USING btree ("university_id","wave");