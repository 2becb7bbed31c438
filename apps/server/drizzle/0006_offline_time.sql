-- Offline time (issue 11, docs/time-tracking.md): the leases under which a learner's browser may
-- declare time the server did not see. Written by hand.
CREATE TABLE "offline_leases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_until" timestamp with time zone,
	CONSTRAINT "offline_leases_window_check" CHECK ("offline_leases"."expires_at" >= "offline_leases"."issued_at")
);
--> statement-breakpoint
ALTER TABLE "offline_leases" ADD CONSTRAINT "offline_leases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_leases" ADD CONSTRAINT "offline_leases_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_leases" ADD CONSTRAINT "offline_leases_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_leases_user_id_expires_at_idx" ON "offline_leases" USING btree ("user_id","expires_at" DESC NULLS LAST);--> statement-breakpoint
-- Connection logs of an admin naming no organisation: one date range across every organisation.
CREATE INDEX "user_time_tracking_session_start_idx" ON "user_time_tracking" USING btree ("session_start" DESC NULLS LAST);--> statement-breakpoint
-- Tenant isolation (ADR 002), as in 0005: a learner's leases are theirs alone; a start issues one and
-- ends the earlier ones, a sync moves `used_until`. Staff never need them.
GRANT SELECT, INSERT, UPDATE (expires_at, used_until) ON offline_leases TO cursus_app;
--> statement-breakpoint
ALTER TABLE offline_leases ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY offline_leases_read ON offline_leases FOR SELECT
  USING (user_id = app_user_id() AND organization_id = app_organization_id());
--> statement-breakpoint
CREATE POLICY offline_leases_insert ON offline_leases FOR INSERT
  WITH CHECK (user_id = app_user_id() AND organization_id = app_organization_id());
--> statement-breakpoint
CREATE POLICY offline_leases_update ON offline_leases FOR UPDATE
  USING (user_id = app_user_id() AND organization_id = app_organization_id())
  WITH CHECK (user_id = app_user_id() AND organization_id = app_organization_id());
