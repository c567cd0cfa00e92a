CREATE TABLE "adviser_offers" (
	"adviser_user_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"mode" text NOT NULL,
	"location" text NOT NULL,
	CONSTRAINT "adviser_offers_adviser_user_id_type_id_pk" PRIMARY KEY("adviser_user_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "appointment_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"name" text NOT NULL,
	"minutes" integer NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"adviser_user_id" integer NOT NULL,
	"student_user_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"mode" text NOT NULL,
	"location" text NOT NULL,
	"note" text,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"no_show" boolean DEFAULT false NOT NULL,
	"adviser_notes" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "careers_advisers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"weekly" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"days_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"horizon_days" integer DEFAULT 28 NOT NULL,
	"notice_hours" integer DEFAULT 24 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"calendar_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "appointment_limit" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "adviser_offers" ADD CONSTRAINT "adviser_offers_adviser_user_id_careers_advisers_user_id_fk" FOREIGN KEY ("adviser_user_id") REFERENCES "public"."careers_advisers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_offers" ADD CONSTRAINT "adviser_offers_type_id_appointment_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."appointment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_adviser_user_id_careers_advisers_user_id_fk" FOREIGN KEY ("adviser_user_id") REFERENCES "public"."careers_advisers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_student_user_id_users_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_type_id_appointment_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."appointment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "careers_advisers" ADD CONSTRAINT "careers_advisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "careers_advisers" ADD CONSTRAINT "careers_advisers_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_types_university_idx" ON "appointment_types" USING btree ("university_id");--> statement-breakpoint
CREATE INDEX "appointments_adviser_idx" ON "appointments" USING btree ("adviser_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_student_idx" ON "appointments" USING btree ("student_user_id","starts_at");