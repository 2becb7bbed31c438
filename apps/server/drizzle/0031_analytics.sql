-- Analytics (issue 16 points 1 and 6): the indexes the dashboard and analytics aggregate through,
-- and the results indicators an organisation publishes (Qualiopi indicator 2). Tenant table, ADR 002.
CREATE TABLE "published_indicators" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"indicators" text[] DEFAULT '{}'::text[] NOT NULL,
	"figures" jsonb,
	"period_from" timestamp with time zone,
	"period_to" timestamp with time zone,
	"computed_at" timestamp with time zone,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_indicators_indicators_check" CHECK ("published_indicators"."indicators" <@ ARRAY['learnersTrained', 'completionRate', 'dropoutRate', 'satisfaction', 'quizSuccessRate', 'trainingHours']::text[])
);
--> statement-breakpoint
ALTER TABLE "published_indicators" ADD CONSTRAINT "published_indicators_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_indicators" ADD CONSTRAINT "published_indicators_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "published_indicators_updated_by_idx" ON "published_indicators" USING btree ("updated_by");--> statement-breakpoint
-- Enrolments over time: one organisation, a date range.
CREATE INDEX "course_enrollments_organization_id_created_at_idx" ON "course_enrollments" USING btree ("organization_id","created_at");--> statement-breakpoint
-- Whether a learner was active on a formation since a date (dropout, learners needing attention).
CREATE INDEX "user_time_tracking_user_id_course_id_last_activity_at_idx" ON "user_time_tracking" USING btree ("user_id","course_id","last_activity_at" DESC NULLS LAST);--> statement-breakpoint
-- Quiz success over a period: one organisation's submitted attempts by date.
CREATE INDEX "quiz_attempts_organization_id_submitted_at_idx" ON "quiz_attempts" USING btree ("organization_id","submitted_at") WHERE "quiz_attempts"."status" = 'submitted';--> statement-breakpoint
-- Staff choose what their organisation publishes and store the figures computed for it.
GRANT SELECT, INSERT, UPDATE ON published_indicators TO cursus_app;
--> statement-breakpoint
ALTER TABLE published_indicators ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE published_indicators FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY published_indicators_staff_read ON published_indicators FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY published_indicators_staff_insert ON published_indicators FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY published_indicators_staff_update ON published_indicators FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The public page has no tenant: it runs as cursus_service and reads only what is published.
GRANT SELECT ON published_indicators TO cursus_service;
--> statement-breakpoint
CREATE POLICY published_indicators_public_read ON published_indicators FOR SELECT TO cursus_service
  USING (is_published);
