CREATE TABLE "sso_identities" (
	"university_id" integer NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_identities_university_id_subject_pk" PRIMARY KEY("university_id","subject")
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"protocol" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"saml_request_id" text,
	"test_by" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_seen_assertions" (
	"university_id" integer NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_seen_assertions_university_id_assertion_id_pk" PRIMARY KEY("university_id","assertion_id")
);
--> statement-breakpoint
CREATE TABLE "university_sso" (
	"university_id" integer PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"mode" text DEFAULT 'alongside' NOT NULL,
	"issuer_url" text,
	"client_id" text,
	"client_secret_encrypted" text,
	"idp_metadata_xml" text,
	"idp_metadata_url" text,
	"attribute_preset" text NOT NULL,
	"attribute_mapping" jsonb NOT NULL,
	"sp_certificate" text NOT NULL,
	"sp_private_key_encrypted" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_test_by_users_id_fk" FOREIGN KEY ("test_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_seen_assertions" ADD CONSTRAINT "sso_seen_assertions_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "university_sso" ADD CONSTRAINT "university_sso_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "university_sso" ADD CONSTRAINT "university_sso_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_seen_expires_idx" ON "sso_seen_assertions" USING btree ("expires_at");