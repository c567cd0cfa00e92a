CREATE TABLE "career_fair_waiting_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"fair_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"university_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "career_fairs" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "career_fair_waiting_list" ADD CONSTRAINT "career_fair_waiting_list_fair_id_career_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."career_fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fair_waiting_list" ADD CONSTRAINT "career_fair_waiting_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_fair_waiting_list" ADD CONSTRAINT "career_fair_waiting_list_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "career_fair_waiting_list_person_idx" ON "career_fair_waiting_list" USING btree ("fair_id","user_id");--> statement-breakpoint
CREATE INDEX "career_fair_waiting_list_order_idx" ON "career_fair_waiting_list" USING btree ("fair_id","id");--> statement-breakpoint
CREATE INDEX "career_fair_waiting_list_user_idx" ON "career_fair_waiting_list" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "career_fairs" ADD CONSTRAINT "career_fairs_capacity_positive" CHECK ("career_fairs"."capacity" is null or "career_fairs"."capacity" > 0);--> statement-breakpoint
-- Kept pages hear of its changes, by whose rows they are (0061_owner_changes.sql).
SELECT note_changes_of('career_fair_waiting_list');
