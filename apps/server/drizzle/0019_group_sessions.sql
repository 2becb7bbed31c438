-- Group sessions and the learners invited to them (issue 15 point 1, SPEC 3 `group_sessions`).
-- Tenant tables, ADR 002 and migration 0013's way of reading the settings.
CREATE TABLE "group_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"course_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meeting_date" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text,
	"meeting_url" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_sessions_duration_minutes_check" CHECK ("group_sessions"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "group_session_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_participants" ADD CONSTRAINT "group_session_participants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_participants" ADD CONSTRAINT "group_session_participants_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_participants" ADD CONSTRAINT "group_session_participants_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_sessions_organization_id_meeting_date_idx" ON "group_sessions" USING btree ("organization_id","meeting_date");--> statement-breakpoint
CREATE INDEX "group_sessions_course_id_idx" ON "group_sessions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "group_sessions_meeting_date_idx" ON "group_sessions" USING btree ("meeting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "group_session_participants_session_id_student_id_idx" ON "group_session_participants" USING btree ("session_id","student_id");--> statement-breakpoint
CREATE INDEX "group_session_participants_student_id_idx" ON "group_session_participants" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "group_session_participants_organization_id_idx" ON "group_session_participants" USING btree ("organization_id");--> statement-breakpoint
-- Participants first: the sessions' learner policy reads them. A learner reads their own rows
-- only (never who else is invited); staff of the organisation read and write them all.
GRANT SELECT, INSERT, DELETE ON group_session_participants TO cursus_app;
--> statement-breakpoint
ALTER TABLE group_session_participants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE group_session_participants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY group_session_participants_read ON group_session_participants FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()))
);
--> statement-breakpoint
CREATE POLICY group_session_participants_insert ON group_session_participants FOR INSERT TO cursus_app
  WITH CHECK (
    ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
    AND EXISTS (
      SELECT 1 FROM profiles p
      WHERE p.id = student_id AND p.organization_id = group_session_participants.organization_id
    )
  );
--> statement-breakpoint
CREATE POLICY group_session_participants_delete ON group_session_participants FOR DELETE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- Sessions: staff of the organisation write them; a learner reads those they are invited to.
GRANT SELECT, INSERT, UPDATE, DELETE ON group_sessions TO cursus_app;
--> statement-breakpoint
ALTER TABLE group_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE group_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY group_sessions_read ON group_sessions FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (
    organization_id = (SELECT app_organization_id())
    AND id IN (SELECT gp.session_id FROM group_session_participants gp WHERE gp.student_id = (SELECT app_user_id()))
  )
);
--> statement-breakpoint
CREATE POLICY group_sessions_insert ON group_sessions FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY group_sessions_update ON group_sessions FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY group_sessions_delete ON group_sessions FOR DELETE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The group-session reminder job reads every organisation's upcoming sessions and their learners.
GRANT SELECT ON group_sessions, group_session_participants TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY group_sessions_jobs_read ON group_sessions FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
CREATE POLICY group_session_participants_jobs_read ON group_session_participants FOR SELECT TO cursus_jobs USING (true);
