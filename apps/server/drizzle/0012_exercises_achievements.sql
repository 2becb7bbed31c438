-- Exercises (practical work handed in by learners, reviewed by trainers) and achievements (badges
-- awarded by rules), issue 13 points 6 and 7. Tenant tables, ADR 002 and migration 0009's pattern.
CREATE TABLE "badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"system_key" text,
	"name" text,
	"description" text DEFAULT '' NOT NULL,
	"criterion" text NOT NULL,
	"threshold" integer NOT NULL,
	"rarity" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_criterion_check" CHECK ("badges"."criterion" in ('time_spent', 'login', 'course_completion', 'quiz_success', 'attendance')),
	CONSTRAINT "badges_rarity_check" CHECK ("badges"."rarity" in ('legendary', 'rare', 'uncommon', 'common')),
	CONSTRAINT "badges_threshold_check" CHECK ("badges"."threshold" between 1 and 100000),
	CONSTRAINT "badges_named_check" CHECK ("badges"."system_key" is not null or "badges"."name" is not null)
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"badge_id" uuid NOT NULL,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"module_id" uuid,
	"title" text NOT NULL,
	"instructions" text NOT NULL,
	"due_at" timestamp with time zone,
	"submission_type" text DEFAULT 'text_or_file' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercises_submission_type_check" CHECK ("exercises"."submission_type" in ('text', 'file', 'text_or_file'))
);
--> statement-breakpoint
CREATE TABLE "exercise_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"exercise_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"text_content" text,
	"file_id" uuid,
	"status" text DEFAULT 'submitted' NOT NULL,
	"feedback" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_submissions_status_check" CHECK ("exercise_submissions"."status" in ('submitted', 'reviewed', 'to_redo')),
	CONSTRAINT "exercise_submissions_content_check" CHECK ("exercise_submissions"."text_content" is not null or "exercise_submissions"."file_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_reviewed_by_auth_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badges_organization_id_criterion_idx" ON "badges" USING btree ("organization_id","criterion");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_organization_id_system_key_idx" ON "badges" USING btree ("organization_id","system_key");--> statement-breakpoint
CREATE UNIQUE INDEX "user_badges_user_id_badge_id_idx" ON "user_badges" USING btree ("user_id","badge_id");--> statement-breakpoint
CREATE INDEX "user_badges_organization_id_idx" ON "user_badges" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "user_badges_badge_id_idx" ON "user_badges" USING btree ("badge_id");--> statement-breakpoint
CREATE INDEX "exercises_organization_id_created_at_idx" ON "exercises" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exercises_course_id_idx" ON "exercises" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "exercises_module_id_idx" ON "exercises" USING btree ("module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_submissions_exercise_id_student_id_idx" ON "exercise_submissions" USING btree ("exercise_id","student_id");--> statement-breakpoint
CREATE INDEX "exercise_submissions_student_id_idx" ON "exercise_submissions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "exercise_submissions_file_id_idx" ON "exercise_submissions" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "exercise_submissions_organization_id_idx" ON "exercise_submissions" USING btree ("organization_id");--> statement-breakpoint
-- The badges every organisation starts with (contracts SYSTEM_BADGES; a test keeps both equal).
-- Created with the organisation by a trigger, so none is ever missing whatever creates it.
CREATE FUNCTION system_badge_defaults() RETURNS TABLE (system_key text, criterion text, threshold integer, rarity text)
  LANGUAGE sql IMMUTABLE
  AS $$ VALUES
    ('first_login', 'login', 1, 'common'),
    ('regular_login', 'login', 10, 'uncommon'),
    ('loyal_login', 'login', 50, 'rare'),
    ('first_hour', 'time_spent', 60, 'common'),
    ('ten_hours', 'time_spent', 600, 'uncommon'),
    ('fifty_hours', 'time_spent', 3000, 'rare'),
    ('hundred_hours', 'time_spent', 6000, 'legendary'),
    ('first_course', 'course_completion', 1, 'uncommon'),
    ('three_courses', 'course_completion', 3, 'rare'),
    ('ten_courses', 'course_completion', 10, 'legendary'),
    ('first_quiz', 'quiz_success', 1, 'common'),
    ('ten_quizzes', 'quiz_success', 10, 'rare'),
    ('first_session', 'attendance', 1, 'common'),
    ('ten_sessions', 'attendance', 10, 'rare')
  $$;
--> statement-breakpoint
CREATE FUNCTION create_system_badges() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO badges (organization_id, system_key, criterion, threshold, rarity)
      SELECT NEW.id, d.system_key, d.criterion, d.threshold, d.rarity FROM system_badge_defaults() d;
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER organizations_system_badges AFTER INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION create_system_badges();
--> statement-breakpoint
INSERT INTO badges (organization_id, system_key, criterion, threshold, rarity)
  SELECT o.id, d.system_key, d.criterion, d.threshold, d.rarity FROM organizations o CROSS JOIN system_badge_defaults() d;
--> statement-breakpoint
-- Badges: every member reads their organisation's, its staff define them. Sign-up creates an
-- organisation as cursus_service, whose trigger above writes the system badges.
GRANT SELECT, INSERT, UPDATE, DELETE ON badges TO cursus_app;
--> statement-breakpoint
GRANT INSERT ON badges TO cursus_service;
--> statement-breakpoint
ALTER TABLE badges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE badges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY badges_read ON badges FOR SELECT TO cursus_app
  USING (app_is_admin() OR organization_id = app_organization_id());
--> statement-breakpoint
CREATE POLICY badges_insert ON badges FOR INSERT TO cursus_app WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY badges_update ON badges FOR UPDATE TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY badges_delete ON badges FOR DELETE TO cursus_app
  USING (app_is_staff_of(organization_id) AND system_key IS NULL);
--> statement-breakpoint
CREATE POLICY badges_service_create ON badges FOR INSERT TO cursus_service WITH CHECK (system_key IS NOT NULL);
--> statement-breakpoint
-- Awards: a learner's are written by the rules, in the learner's own tenant transaction (one
-- statement: achievements.service.ts), never updated; staff read their organisation's.
GRANT SELECT, INSERT ON user_badges TO cursus_app;
--> statement-breakpoint
ALTER TABLE user_badges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_badges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_badges_read ON user_badges FOR SELECT TO cursus_app USING (
  app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND user_id = app_user_id())
);
--> statement-breakpoint
CREATE POLICY user_badges_insert ON user_badges FOR INSERT TO cursus_app
  WITH CHECK (organization_id = app_organization_id() AND user_id = app_user_id());
--> statement-breakpoint
-- The login criterion counts one's own sign-ins (0005 lets only staff read them).
CREATE POLICY sign_in_logs_own_read ON sign_in_logs FOR SELECT TO cursus_app USING (user_id = app_user_id());
--> statement-breakpoint
-- Exercises: staff write them; a learner reads those of the formations they are enrolled in.
GRANT SELECT, INSERT, UPDATE, DELETE ON exercises TO cursus_app;
--> statement-breakpoint
ALTER TABLE exercises ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE exercises FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY exercises_read ON exercises FOR SELECT TO cursus_app USING (
  app_is_staff_of(organization_id)
  OR (organization_id = app_organization_id() AND course_id IN (SELECT app_enrolled_course_ids()))
);
--> statement-breakpoint
CREATE POLICY exercises_insert ON exercises FOR INSERT TO cursus_app WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY exercises_update ON exercises FOR UPDATE TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY exercises_delete ON exercises FOR DELETE TO cursus_app USING (app_is_staff_of(organization_id));
--> statement-breakpoint
-- Submissions: a learner writes their own, staff review them (an update), both read them.
GRANT SELECT, INSERT, UPDATE ON exercise_submissions TO cursus_app;
--> statement-breakpoint
ALTER TABLE exercise_submissions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE exercise_submissions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY exercise_submissions_read ON exercise_submissions FOR SELECT TO cursus_app USING (
  app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND student_id = app_user_id())
);
--> statement-breakpoint
CREATE POLICY exercise_submissions_insert ON exercise_submissions FOR INSERT TO cursus_app
  WITH CHECK (organization_id = app_organization_id() AND student_id = app_user_id());
--> statement-breakpoint
CREATE POLICY exercise_submissions_update ON exercise_submissions FOR UPDATE TO cursus_app
  USING (app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND student_id = app_user_id()))
  WITH CHECK (app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND student_id = app_user_id()));
--> statement-breakpoint
-- A learner uploads the file they hand in (0004 lets only staff upload) into their organisation.
CREATE POLICY stored_files_learner_insert ON stored_files FOR INSERT TO cursus_app
  WITH CHECK (organization_id = app_organization_id() AND uploaded_by = app_user_id() AND app_role() = 'student');
--> statement-breakpoint
-- The orphaned files sweep keeps the files handed in (exercises.file-access.ts).
GRANT SELECT ON exercise_submissions TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY exercise_submissions_jobs_read ON exercise_submissions FOR SELECT TO cursus_jobs USING (true);
