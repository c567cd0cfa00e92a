CREATE TABLE "sponsor_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"snapshot_id" integer NOT NULL,
	"org_key" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"town" text NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "sponsor_names" (
	"organisation_id" integer NOT NULL,
	"is_alias" boolean NOT NULL,
	"full" text NOT NULL,
	"core" text NOT NULL,
	"words" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor_organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_key" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"town" text NOT NULL,
	"county" text NOT NULL,
	"licences" jsonb NOT NULL,
	"routes" text[] NOT NULL,
	"rating_keys" text[] NOT NULL,
	"town_key" text NOT NULL,
	"county_key" text NOT NULL,
	"first_seen" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor_shortlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_date" date NOT NULL,
	"source" text NOT NULL,
	"row_count" integer NOT NULL,
	"organisation_count" integer NOT NULL,
	"added" integer NOT NULL,
	"removed" integer NOT NULL,
	"changed" integer NOT NULL,
	"routes" text[] NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sponsor_changes" ADD CONSTRAINT "sponsor_changes_snapshot_id_sponsor_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."sponsor_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_names" ADD CONSTRAINT "sponsor_names_organisation_id_sponsor_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."sponsor_organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_shortlist" ADD CONSTRAINT "sponsor_shortlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_changes_snapshot_id_idx" ON "sponsor_changes" USING btree ("snapshot_id","kind");--> statement-breakpoint
CREATE INDEX "sponsor_changes_slug_idx" ON "sponsor_changes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "sponsor_changes_org_key_idx" ON "sponsor_changes" USING btree ("org_key");--> statement-breakpoint
CREATE INDEX "sponsor_names_organisation_id_idx" ON "sponsor_names" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "sponsor_names_full_idx" ON "sponsor_names" USING btree ("full");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_organisations_slug_idx" ON "sponsor_organisations" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_organisations_org_key_idx" ON "sponsor_organisations" USING btree ("org_key");--> statement-breakpoint
CREATE INDEX "sponsor_organisations_town_key_idx" ON "sponsor_organisations" USING btree ("town_key");--> statement-breakpoint
CREATE INDEX "sponsor_organisations_county_key_idx" ON "sponsor_organisations" USING btree ("county_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_shortlist_user_slug_idx" ON "sponsor_shortlist" USING btree ("user_id","slug");