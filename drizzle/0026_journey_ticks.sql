CREATE TABLE "journey_ticks" (
	"user_id" integer NOT NULL,
	"step" text NOT NULL,
	"ticked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "journey_ticks_user_id_step_pk" PRIMARY KEY("user_id","step")
);
--> statement-breakpoint
ALTER TABLE "journey_ticks" ADD CONSTRAINT "journey_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;