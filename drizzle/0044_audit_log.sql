CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"university_id" integer,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"changes" jsonb NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_university_at_idx" ON "audit_log" USING btree ("university_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");