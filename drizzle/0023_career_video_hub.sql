CREATE TYPE "public"."video_collection" AS ENUM('standard', 'premium', 'jumpstart');--> statement-breakpoint
CREATE TYPE "public"."video_level" AS ENUM('beginner', 'intermediate', 'advanced');--> statement-breakpoint
CREATE TYPE "public"."video_status" AS ENUM('published', 'draft');--> statement-breakpoint
CREATE TYPE "public"."video_topic" AS ENUM('cv', 'applications', 'interviews', 'networking', 'job-search', 'visas', 'workplace');--> statement-breakpoint
CREATE TABLE "premium_hub_requests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_videos" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_videos_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_course_completions" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_course_completions_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "video_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"level" "video_level" NOT NULL,
	"status" "video_status" NOT NULL,
	"published_on" date NOT NULL,
	"intro_html" text NOT NULL,
	"modules" jsonb NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_progress" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"position_seconds" real NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"watched_at" timestamp with time zone,
	CONSTRAINT "video_progress_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"topic" "video_topic" NOT NULL,
	"level" "video_level" NOT NULL,
	"collection" "video_collection" NOT NULL,
	"status" "video_status" NOT NULL,
	"published_on" date NOT NULL,
	"revised_on" date,
	"duration_seconds" real NOT NULL,
	"media_url" text NOT NULL,
	"media_type" text NOT NULL,
	"poster_url" text,
	"captions_url" text,
	"chapters" jsonb NOT NULL,
	"transcript" jsonb NOT NULL,
	"related" jsonb NOT NULL,
	"body_html" text NOT NULL,
	"search" "tsvector" NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "video_captions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "premium_hub_requests" ADD CONSTRAINT "premium_hub_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_hub_requests" ADD CONSTRAINT "premium_hub_requests_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_course_completions" ADD CONSTRAINT "video_course_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_course_completions" ADD CONSTRAINT "video_course_completions_course_id_video_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."video_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "premium_hub_requests_university_idx" ON "premium_hub_requests" USING btree ("university_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "video_courses_slug_idx" ON "video_courses" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "video_progress_recent_idx" ON "video_progress" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_slug_idx" ON "videos" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search");