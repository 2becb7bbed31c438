-- Custom evaluations (issue 16 point 5, Qualiopi indicator 30): the organisation's questionnaires
-- and the people asked to answer them, each with a single-use link. Tenant tables, ADR 002.
CREATE TABLE "evaluation_questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"audience" text NOT NULL,
	"kind" text NOT NULL,
	"course_id" uuid,
	"cold_delay_weeks" integer DEFAULT 8 NOT NULL,
	"questions" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "evaluation_questionnaires_audience_check" CHECK ("evaluation_questionnaires"."audience" in ('learners', 'funders', 'companies', 'trainers')),
	CONSTRAINT "evaluation_questionnaires_kind_check" CHECK ("evaluation_questionnaires"."kind" in ('hot', 'cold', 'survey')),
	CONSTRAINT "evaluation_questionnaires_cold_delay_weeks_check" CHECK ("evaluation_questionnaires"."cold_delay_weeks" between 1 and 104)
);
--> statement-breakpoint
CREATE TABLE "evaluation_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"student_id" text,
	"course_id" uuid,
	"course_title" text,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answers" jsonb,
	CONSTRAINT "evaluation_invitations_language_check" CHECK ("evaluation_invitations"."language" in ('fr', 'en')),
	CONSTRAINT "evaluation_invitations_reminders_sent_check" CHECK ("evaluation_invitations"."reminders_sent" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "evaluation_questionnaires" ADD CONSTRAINT "evaluation_questionnaires_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_questionnaires" ADD CONSTRAINT "evaluation_questionnaires_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_questionnaires" ADD CONSTRAINT "evaluation_questionnaires_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_invitations" ADD CONSTRAINT "evaluation_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_invitations" ADD CONSTRAINT "evaluation_invitations_questionnaire_id_evaluation_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."evaluation_questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_invitations" ADD CONSTRAINT "evaluation_invitations_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_invitations" ADD CONSTRAINT "evaluation_invitations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_questionnaires_organization_id_updated_at_idx" ON "evaluation_questionnaires" USING btree ("organization_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluation_questionnaires_course_id_idx" ON "evaluation_questionnaires" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_invitations_token_hash_idx" ON "evaluation_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_invitations_learner_idx" ON "evaluation_invitations" USING btree ("questionnaire_id","student_id","course_id") WHERE "evaluation_invitations"."student_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_invitations_address_idx" ON "evaluation_invitations" USING btree ("questionnaire_id","email") WHERE "evaluation_invitations"."student_id" is null;--> statement-breakpoint
CREATE INDEX "evaluation_invitations_organization_id_questionnaire_id_idx" ON "evaluation_invitations" USING btree ("organization_id","questionnaire_id");--> statement-breakpoint
CREATE INDEX "evaluation_invitations_student_id_idx" ON "evaluation_invitations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "evaluation_invitations_course_id_idx" ON "evaluation_invitations" USING btree ("course_id");--> statement-breakpoint
-- Staff write their organisation's questionnaires; a learner reads those they were asked to answer.
GRANT SELECT, INSERT, UPDATE ON evaluation_questionnaires TO cursus_app;
--> statement-breakpoint
ALTER TABLE evaluation_questionnaires ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE evaluation_questionnaires FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY evaluation_questionnaires_read ON evaluation_questionnaires FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND id IN (
    SELECT i.questionnaire_id FROM evaluation_invitations i WHERE i.student_id = (SELECT app_user_id())
  ))
);
--> statement-breakpoint
CREATE POLICY evaluation_questionnaires_insert ON evaluation_questionnaires FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY evaluation_questionnaires_update ON evaluation_questionnaires FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- Staff send surveys and read answers; a learner reads their own invitations and answers them once
-- (answers are the only change: column grant).
GRANT SELECT, INSERT ON evaluation_invitations TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (answered_at, answers) ON evaluation_invitations TO cursus_app;
--> statement-breakpoint
ALTER TABLE evaluation_invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE evaluation_invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY evaluation_invitations_read ON evaluation_invitations FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()))
);
--> statement-breakpoint
CREATE POLICY evaluation_invitations_insert ON evaluation_invitations FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY evaluation_invitations_answer ON evaluation_invitations FOR UPDATE TO cursus_app
  USING (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()) AND answered_at IS NULL)
  WITH CHECK (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()));
--> statement-breakpoint
-- The answering page has no tenant: it runs as cursus_service and reaches an invitation by its
-- token's hash alone (32 random bytes, reads rate limited per IP). The analytics module's
-- satisfaction summary reads through the same role, for one organisation at a time.
GRANT SELECT ON evaluation_questionnaires TO cursus_service;
--> statement-breakpoint
CREATE POLICY evaluation_questionnaires_service_read ON evaluation_questionnaires FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
GRANT SELECT ON evaluation_invitations TO cursus_service;
--> statement-breakpoint
GRANT UPDATE (answered_at, answers) ON evaluation_invitations TO cursus_service;
--> statement-breakpoint
CREATE POLICY evaluation_invitations_service_read ON evaluation_invitations FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY evaluation_invitations_service_answer ON evaluation_invitations FOR UPDATE TO cursus_service
  USING (answered_at IS NULL) WITH CHECK (true);
--> statement-breakpoint
-- The hourly job sends hot and cold questionnaires on completion and their reminders: it reads
-- the questionnaires, writes invitations and counts reminders.
GRANT SELECT ON evaluation_questionnaires TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY evaluation_questionnaires_jobs_read ON evaluation_questionnaires FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON evaluation_invitations TO cursus_jobs;
--> statement-breakpoint
GRANT UPDATE (reminders_sent, last_reminded_at) ON evaluation_invitations TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY evaluation_invitations_jobs ON evaluation_invitations TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
-- When a formation was completed: its learner's last lesson completion (the cold questionnaire's
-- weeks count from there).
GRANT SELECT (course_id, student_id, completed_at) ON lesson_completions TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY lesson_completions_jobs_read ON lesson_completions FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
-- The emails name the organisation (its read policy for cursus_jobs comes from 0024).
GRANT SELECT (id, name) ON organizations TO cursus_jobs;
