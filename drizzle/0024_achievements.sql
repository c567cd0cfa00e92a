CREATE TABLE "achievements" (
	"user_id" integer NOT NULL,
	"badge" text NOT NULL,
	"university_id" integer,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "achievements_user_id_badge_pk" PRIMARY KEY("user_id","badge")
);
--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achievements_university_idx" ON "achievements" USING btree ("university_id","badge");