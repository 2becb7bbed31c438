CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" uuid,
	"user_role" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"alert_type" text NOT NULL,
	"severity" text DEFAULT 'medium' NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"source" text NOT NULL,
	"metadata" jsonb,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_alerts_severity_check" CHECK ("system_alerts"."severity" in ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "time_tracking_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"weekly_goal_hours" integer DEFAULT 20 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_tracking_settings_weekly_goal_check" CHECK ("time_tracking_settings"."weekly_goal_hours" between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "user_time_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid,
	"session_start" timestamp with time zone NOT NULL,
	"session_end" timestamp with time zone,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'online' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_time_tracking_duration_check" CHECK ("user_time_tracking"."duration_seconds" between 0 and 28800),
	CONSTRAINT "user_time_tracking_end_check" CHECK ("user_time_tracking"."session_end" is null or "user_time_tracking"."session_end" >= "user_time_tracking"."session_start"),
	CONSTRAINT "user_time_tracking_source_check" CHECK ("user_time_tracking"."source" in ('online', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "user_total_time" (
	"user_id" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"total_time_seconds" integer DEFAULT 0 NOT NULL,
	"total_hours" integer DEFAULT 0 NOT NULL,
	"remaining_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_total_time_total_check" CHECK ("user_total_time"."total_time_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "time_tracking_settings" ADD CONSTRAINT "time_tracking_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_tracking_settings" ADD CONSTRAINT "time_tracking_settings_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_time_tracking" ADD CONSTRAINT "user_time_tracking_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_time_tracking" ADD CONSTRAINT "user_time_tracking_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_time_tracking" ADD CONSTRAINT "user_time_tracking_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_total_time" ADD CONSTRAINT "user_total_time_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_total_time" ADD CONSTRAINT "user_total_time_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_logs_organization_id_created_at_idx" ON "sign_in_logs" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sign_in_logs_user_id_created_at_idx" ON "sign_in_logs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_alerts_is_resolved_created_at_idx" ON "system_alerts" USING btree ("is_resolved","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_time_tracking_open_user_id_idx" ON "user_time_tracking" USING btree ("user_id") WHERE "user_time_tracking"."session_end" is null;--> statement-breakpoint
CREATE INDEX "user_time_tracking_user_id_session_start_idx" ON "user_time_tracking" USING btree ("user_id","session_start" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_time_tracking_organization_id_session_start_idx" ON "user_time_tracking" USING btree ("organization_id","session_start" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_total_time_organization_id_idx" ON "user_total_time" USING btree ("organization_id");--> statement-breakpoint
-- Tenant isolation (ADR 002), written by hand. A learner reads and writes only their own sessions
-- and totals; the trainers of their organisation (and platform admins) read them and close open
-- sessions (SPEC 4 reset of the current session); only admins delete them (reset of the total).
-- Only the columns a session's life changes may be updated.
GRANT SELECT, INSERT, DELETE, UPDATE (session_end, duration_seconds, last_activity_at, course_id) ON user_time_tracking TO cursus_app;
--> statement-breakpoint
ALTER TABLE user_time_tracking ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_time_tracking_read ON user_time_tracking FOR SELECT USING (
  app_is_staff_of(organization_id) OR (user_id = app_user_id() AND organization_id = app_organization_id())
);
--> statement-breakpoint
CREATE POLICY user_time_tracking_insert ON user_time_tracking FOR INSERT
  WITH CHECK (user_id = app_user_id() AND organization_id = app_organization_id());
--> statement-breakpoint
CREATE POLICY user_time_tracking_update ON user_time_tracking FOR UPDATE
  USING (app_is_staff_of(organization_id) OR (user_id = app_user_id() AND organization_id = app_organization_id()))
  WITH CHECK (app_is_staff_of(organization_id) OR (user_id = app_user_id() AND organization_id = app_organization_id()));
--> statement-breakpoint
CREATE POLICY user_time_tracking_delete ON user_time_tracking FOR DELETE USING (app_is_admin());
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE, UPDATE (total_time_seconds, total_hours, remaining_minutes, updated_at) ON user_total_time TO cursus_app;
--> statement-breakpoint
ALTER TABLE user_total_time ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_total_time_read ON user_total_time FOR SELECT USING (
  app_is_staff_of(organization_id) OR (user_id = app_user_id() AND organization_id = app_organization_id())
);
--> statement-breakpoint
CREATE POLICY user_total_time_insert ON user_total_time FOR INSERT WITH CHECK (
  app_is_admin() OR (user_id = app_user_id() AND organization_id = app_organization_id())
);
--> statement-breakpoint
CREATE POLICY user_total_time_update ON user_total_time FOR UPDATE
  USING (app_is_admin() OR (user_id = app_user_id() AND organization_id = app_organization_id()))
  WITH CHECK (app_is_admin() OR (user_id = app_user_id() AND organization_id = app_organization_id()));
--> statement-breakpoint
CREATE POLICY user_total_time_delete ON user_total_time FOR DELETE USING (app_is_admin());
--> statement-breakpoint
-- The weekly goal: every member of the organisation reads it, its staff set it.
GRANT SELECT, INSERT, UPDATE (weekly_goal_hours, updated_by, updated_at) ON time_tracking_settings TO cursus_app;
--> statement-breakpoint
ALTER TABLE time_tracking_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY time_tracking_settings_read ON time_tracking_settings FOR SELECT
  USING (app_is_admin() OR organization_id = app_organization_id());
--> statement-breakpoint
CREATE POLICY time_tracking_settings_insert ON time_tracking_settings FOR INSERT
  WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY time_tracking_settings_update ON time_tracking_settings FOR UPDATE
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
-- System alerts are the platform admins' (SPEC 7: select unresolved, mark resolved); they are
-- raised on the owner connection.
GRANT SELECT, UPDATE (is_resolved, resolved_at) ON system_alerts TO cursus_app;
--> statement-breakpoint
ALTER TABLE system_alerts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY system_alerts_admin ON system_alerts USING (app_is_admin()) WITH CHECK (app_is_admin());
--> statement-breakpoint
-- Connection logs: sign-ins are written on the owner connection at sign-in; the organisation's
-- trainers and platform admins read them.
GRANT SELECT ON sign_in_logs TO cursus_app;
--> statement-breakpoint
ALTER TABLE sign_in_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sign_in_logs_staff_read ON sign_in_logs FOR SELECT
  USING (app_is_admin() OR (organization_id IS NOT NULL AND app_is_staff_of(organization_id)));
--> statement-breakpoint
-- Jobs run on the owner connection; requests never touch their bookkeeping.
ALTER TABLE job_runs ENABLE ROW LEVEL SECURITY;
