CREATE TABLE "meeting_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organisation" text,
	"role" text NOT NULL,
	"topic" text,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_bookings_slot_idx" ON "meeting_bookings" USING btree ("starts_at") WHERE "meeting_bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "meeting_bookings_email_idx" ON "meeting_bookings" USING btree ("email");