CREATE TABLE "blog_authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"job_title" text NOT NULL,
	"summary" text NOT NULL,
	"bio_html" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"source_hash" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_authors_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "case_studies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"university" text NOT NULL,
	"summary" text NOT NULL,
	"body_html" text NOT NULL,
	"metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_on" date NOT NULL,
	"source_hash" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_studies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "success_stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"slug" text,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"university" text NOT NULL,
	"course" text NOT NULL,
	"home_country" text NOT NULL,
	"role" text NOT NULL,
	"employer" text NOT NULL,
	"quote" text DEFAULT '' NOT NULL,
	"story_html" text NOT NULL,
	"published_on" date,
	"email" text,
	"phone" text,
	"consent_to_publish" boolean DEFAULT false NOT NULL,
	"university_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_hash" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "success_stories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "position" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "source_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "body_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "cover_image" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "cover_alt" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "published_on" date;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "revised_on" date;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "reading_minutes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search" "tsvector";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "source_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "success_stories" ADD CONSTRAINT "success_stories_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "success_stories" ADD CONSTRAINT "success_stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "success_stories_status_idx" ON "success_stories" USING btree ("status","published_on" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_blog_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."blog_authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_listing_idx" ON "blog_posts" USING btree ("status","published_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_category_idx" ON "blog_posts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "blog_posts_author_idx" ON "blog_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search");