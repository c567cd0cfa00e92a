ALTER TABLE "invitations" DROP CONSTRAINT "invitations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_email_key" ON "invitations" USING btree ("university_id",lower("email")) WHERE accepted_at is null and revoked_at is null;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
-- An open invitation used to make its account at once; now the account waits for the acceptance.
-- The newest link's token moves to the invitation (the link keeps working), and the account that was
-- never used (no password yet) goes.
UPDATE "invitations" SET "token_hash" = t."token_hash", "token_expires_at" = t."expires_at"
FROM "account_tokens" t
WHERE t."user_id" = "invitations"."user_id" AND t."purpose" = 'invitation' AND t."used_at" IS NULL
  AND "invitations"."accepted_at" IS NULL AND "invitations"."revoked_at" IS NULL;--> statement-breakpoint
DELETE FROM "users" WHERE "password_hash" IS NULL AND EXISTS (
  SELECT 1 FROM "invitations" i WHERE i."user_id" = "users"."id" AND i."accepted_at" IS NULL AND i."revoked_at" IS NULL
);
