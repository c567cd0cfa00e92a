ALTER TABLE "universities" ADD COLUMN "careers_email" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "careers_url" text;