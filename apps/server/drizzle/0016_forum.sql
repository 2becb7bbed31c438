-- The organisation's staff forum (issue 14 point 3): threads, replies, likes, distinct readers and
-- @mentions stored by user id. Tenant tables reached by the organisation's trainers and admins only;
-- learners have no access (ADR 002, policies read the settings once per statement as in 0013).
CREATE TABLE "forum_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "forum_likes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"thread_id" uuid,
	"post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_likes_target_check" CHECK (("forum_likes"."thread_id" is null) <> ("forum_likes"."post_id" is null))
);
--> statement-breakpoint
CREATE TABLE "forum_thread_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_mentions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"post_id" uuid,
	"user_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_views" ADD CONSTRAINT "forum_thread_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_views" ADD CONSTRAINT "forum_thread_views_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_views" ADD CONSTRAINT "forum_thread_views_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_mentions" ADD CONSTRAINT "forum_mentions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_mentions" ADD CONSTRAINT "forum_mentions_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_mentions" ADD CONSTRAINT "forum_mentions_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_mentions" ADD CONSTRAINT "forum_mentions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_threads_organization_id_last_activity_at_idx" ON "forum_threads" USING btree ("organization_id","last_activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_author_id_idx" ON "forum_threads" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_posts_thread_id_created_at_idx" ON "forum_posts" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_posts_author_id_idx" ON "forum_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_posts_organization_id_idx" ON "forum_posts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_likes_thread_id_user_id_idx" ON "forum_likes" USING btree ("thread_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_likes_post_id_user_id_idx" ON "forum_likes" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE INDEX "forum_likes_user_id_idx" ON "forum_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_likes_organization_id_idx" ON "forum_likes" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_thread_views_thread_id_user_id_idx" ON "forum_thread_views" USING btree ("thread_id","user_id");--> statement-breakpoint
CREATE INDEX "forum_thread_views_user_id_idx" ON "forum_thread_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_thread_views_organization_id_idx" ON "forum_thread_views" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "forum_mentions_thread_id_idx" ON "forum_mentions" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "forum_mentions_post_id_idx" ON "forum_mentions" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "forum_mentions_user_id_idx" ON "forum_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_mentions_organization_id_idx" ON "forum_mentions" USING btree ("organization_id");--> statement-breakpoint
-- Threads: any of the organisation's staff reads, writes and pins them (pinning and the readers'
-- count are updates by someone other than the author); editing and deleting one's own is the
-- service's rule.
GRANT SELECT, INSERT, UPDATE, DELETE ON forum_threads TO cursus_app;
--> statement-breakpoint
ALTER TABLE forum_threads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE forum_threads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY forum_threads_staff ON forum_threads FOR ALL TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- Replies: staff read them all; a reply is written, edited and deleted by its author only.
GRANT SELECT, INSERT, UPDATE, DELETE ON forum_posts TO cursus_app;
--> statement-breakpoint
ALTER TABLE forum_posts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE forum_posts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY forum_posts_read ON forum_posts FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY forum_posts_insert ON forum_posts FOR INSERT TO cursus_app WITH CHECK (
  ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  AND author_id = (SELECT app_user_id())
);
--> statement-breakpoint
CREATE POLICY forum_posts_update ON forum_posts FOR UPDATE TO cursus_app
  USING (
    ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
    AND author_id = (SELECT app_user_id())
  )
  WITH CHECK (
    ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
    AND author_id = (SELECT app_user_id())
  );
--> statement-breakpoint
CREATE POLICY forum_posts_delete ON forum_posts FOR DELETE TO cursus_app USING (
  ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  AND author_id = (SELECT app_user_id())
);
--> statement-breakpoint
-- Likes and readers: staff read them all (counts); each person adds (a like, also removes) only their own.
GRANT SELECT, INSERT, DELETE ON forum_likes TO cursus_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON forum_thread_views TO cursus_app;
--> statement-breakpoint
ALTER TABLE forum_likes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE forum_likes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY forum_likes_read ON forum_likes FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY forum_likes_insert ON forum_likes FOR INSERT TO cursus_app WITH CHECK (
  ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  AND user_id = (SELECT app_user_id())
);
--> statement-breakpoint
CREATE POLICY forum_likes_delete ON forum_likes FOR DELETE TO cursus_app USING (
  ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  AND user_id = (SELECT app_user_id())
);
--> statement-breakpoint
ALTER TABLE forum_thread_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE forum_thread_views FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY forum_thread_views_read ON forum_thread_views FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY forum_thread_views_insert ON forum_thread_views FOR INSERT TO cursus_app WITH CHECK (
  ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  AND user_id = (SELECT app_user_id())
);
--> statement-breakpoint
--> statement-breakpoint
-- Mentions: written with the post that names them (replaced when it is edited), read by staff.
GRANT SELECT, INSERT, DELETE ON forum_mentions TO cursus_app;
--> statement-breakpoint
ALTER TABLE forum_mentions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE forum_mentions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY forum_mentions_staff ON forum_mentions FOR ALL TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
