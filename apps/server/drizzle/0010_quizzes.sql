-- Quizzes (issue 13 points 1 and 2; SPEC 3 "Quiz"). A question bank per organisation (categories,
-- questions), quizzes that pick fixed bank questions and random draws from categories, and attempts
-- that freeze the questions they were dealt, so a trainer's later edit never changes a learner's
-- attempt or its score.
CREATE TABLE "quiz_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"category_id" uuid,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"points" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_type_check" CHECK ("quiz_questions"."type" in ('single_choice', 'multiple_choice', 'true_false', 'short_answer')),
	CONSTRAINT "quiz_questions_points_check" CHECK ("quiz_questions"."points" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"passing_score" integer DEFAULT 70 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"due_at" timestamp with time zone,
	"time_limit_minutes" integer,
	"course_id" uuid,
	"module_id" uuid,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"max_attempts" integer,
	"show_correct_answers" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_passing_score_check" CHECK ("quizzes"."passing_score" between 0 and 100),
	CONSTRAINT "quizzes_time_limit_minutes_check" CHECK ("quizzes"."time_limit_minutes" between 1 and 600),
	CONSTRAINT "quizzes_max_attempts_check" CHECK ("quizzes"."max_attempts" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "quiz_question_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"question_count" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "quiz_draws_question_count_check" CHECK ("quiz_draws"."question_count" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"user_id" text,
	"respondent_name" text,
	"respondent_email" text,
	"source" text DEFAULT 'learner' NOT NULL,
	"attempt_number" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score_points" integer,
	"max_points" integer NOT NULL,
	"score_percent" integer,
	"passed" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_attempts_source_check" CHECK ("quiz_attempts"."source" in ('learner', 'public', 'positioning')),
	CONSTRAINT "quiz_attempts_status_check" CHECK ("quiz_attempts"."status" in ('in_progress', 'submitted')),
	CONSTRAINT "quiz_attempts_learner_check" CHECK ("quiz_attempts"."source" <> 'learner' OR "quiz_attempts"."user_id" IS NOT NULL),
	CONSTRAINT "quiz_attempts_score_percent_check" CHECK ("quiz_attempts"."score_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "quiz_categories" ADD CONSTRAINT "quiz_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_category_id_quiz_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."quiz_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question_links" ADD CONSTRAINT "quiz_question_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question_links" ADD CONSTRAINT "quiz_question_links_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question_links" ADD CONSTRAINT "quiz_question_links_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_category_id_quiz_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."quiz_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_categories_organization_id_name_idx" ON "quiz_categories" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "quiz_questions_organization_id_created_at_idx" ON "quiz_questions" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quiz_questions_category_id_idx" ON "quiz_questions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "quizzes_organization_id_created_at_idx" ON "quizzes" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quizzes_created_at_idx" ON "quizzes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quizzes_course_id_idx" ON "quizzes" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "quizzes_module_id_idx" ON "quizzes" USING btree ("module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_question_links_quiz_id_question_id_idx" ON "quiz_question_links" USING btree ("quiz_id","question_id");--> statement-breakpoint
CREATE INDEX "quiz_question_links_question_id_idx" ON "quiz_question_links" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "quiz_draws_quiz_id_idx" ON "quiz_draws" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "quiz_draws_category_id_idx" ON "quiz_draws" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_quiz_id_submitted_at_idx" ON "quiz_attempts" USING btree ("quiz_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_id_quiz_id_idx" ON "quiz_attempts" USING btree ("user_id","quiz_id");--> statement-breakpoint
-- One attempt in progress per learner and quiz: two tabs pressing 'start' at once resume the same one.
CREATE UNIQUE INDEX "quiz_attempts_one_in_progress_idx" ON "quiz_attempts" USING btree ("quiz_id","user_id") WHERE "quiz_attempts"."status" = 'in_progress' AND "quiz_attempts"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_quiz_id_user_id_attempt_number_idx" ON "quiz_attempts" USING btree ("quiz_id","user_id","attempt_number") WHERE "quiz_attempts"."user_id" IS NOT NULL;--> statement-breakpoint
-- Tenant isolation (ADR 002). Staff (the organisation's trainers, platform admins) manage the bank,
-- the quizzes and read every attempt of their organisation. A learner reads only the active quizzes
-- of formations they are enrolled in, the bank questions those quizzes use (to deal an attempt; the
-- server never sends the correct answers before the attempt is submitted), and writes only their own
-- attempts while those are in progress.
GRANT SELECT, INSERT, UPDATE, DELETE ON quiz_categories TO cursus_app;
--> statement-breakpoint
ALTER TABLE quiz_categories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quiz_categories FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY quiz_categories_staff ON quiz_categories TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON quizzes TO cursus_app;
--> statement-breakpoint
ALTER TABLE quizzes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quizzes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY quizzes_read ON quizzes FOR SELECT TO cursus_app USING (
  app_is_staff_of(organization_id)
  OR (organization_id = app_organization_id() AND is_active AND course_id IN (SELECT app_enrolled_course_ids()))
);
--> statement-breakpoint
CREATE POLICY quizzes_insert ON quizzes FOR INSERT TO cursus_app WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY quizzes_update ON quizzes FOR UPDATE TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY quizzes_delete ON quizzes FOR DELETE TO cursus_app USING (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON quiz_question_links TO cursus_app;
--> statement-breakpoint
ALTER TABLE quiz_question_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quiz_question_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The subquery on quizzes runs under that table's policies: a learner sees the links of their quizzes only.
CREATE POLICY quiz_question_links_read ON quiz_question_links FOR SELECT TO cursus_app USING (
  app_is_staff_of(organization_id)
  OR (organization_id = app_organization_id() AND quiz_id IN (SELECT id FROM quizzes))
);
--> statement-breakpoint
CREATE POLICY quiz_question_links_write ON quiz_question_links FOR ALL TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON quiz_draws TO cursus_app;
--> statement-breakpoint
ALTER TABLE quiz_draws ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quiz_draws FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY quiz_draws_read ON quiz_draws FOR SELECT TO cursus_app USING (
  app_is_staff_of(organization_id)
  OR (organization_id = app_organization_id() AND quiz_id IN (SELECT id FROM quizzes))
);
--> statement-breakpoint
CREATE POLICY quiz_draws_write ON quiz_draws FOR ALL TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON quiz_questions TO cursus_app;
--> statement-breakpoint
ALTER TABLE quiz_questions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quiz_questions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY quiz_questions_read ON quiz_questions FOR SELECT TO cursus_app USING (
  app_is_staff_of(organization_id)
  OR (
    organization_id = app_organization_id()
    AND (id IN (SELECT question_id FROM quiz_question_links) OR category_id IN (SELECT category_id FROM quiz_draws))
  )
);
--> statement-breakpoint
CREATE POLICY quiz_questions_write ON quiz_questions FOR ALL TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
-- Attempts: a learner writes their own while in progress; the score columns are computed by the
-- server from the frozen questions and the saved answers, never taken from the client.
GRANT SELECT, INSERT ON quiz_attempts TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (answers, status, submitted_at, score_points, score_percent, passed, updated_at) ON quiz_attempts TO cursus_app;
--> statement-breakpoint
ALTER TABLE quiz_attempts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quiz_attempts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY quiz_attempts_read ON quiz_attempts FOR SELECT TO cursus_app USING (
  app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND user_id = app_user_id())
);
--> statement-breakpoint
CREATE POLICY quiz_attempts_insert ON quiz_attempts FOR INSERT TO cursus_app WITH CHECK (
  organization_id = app_organization_id()
  AND user_id = app_user_id()
  AND source = 'learner'
  AND status = 'in_progress'
  AND quiz_id IN (SELECT id FROM quizzes)
);
--> statement-breakpoint
CREATE POLICY quiz_attempts_update ON quiz_attempts FOR UPDATE TO cursus_app
  USING (organization_id = app_organization_id() AND user_id = app_user_id() AND status = 'in_progress')
  WITH CHECK (organization_id = app_organization_id() AND user_id = app_user_id());
