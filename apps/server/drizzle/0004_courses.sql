-- Substring search on formation titles uses a trigram index (courses_title_trgm_idx below).
-- pg_trgm is a trusted contrib extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "course_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"enrolled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrollments_progress_check" CHECK ("course_enrollments"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"estimated_minutes" integer DEFAULT 10 NOT NULL,
	"position" integer NOT NULL,
	"content" jsonb NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_lessons_type_check" CHECK ("course_lessons"."type" in ('text', 'video', 'document', 'link')),
	CONSTRAINT "course_lessons_estimated_minutes_check" CHECK ("course_lessons"."estimated_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'Formation' NOT NULL,
	"objectives" text DEFAULT '' NOT NULL,
	"prerequisites" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"duration_hours" numeric(7, 2),
	"modality" text,
	"teaching_methods" text DEFAULT '' NOT NULL,
	"assessment_methods" text DEFAULT '' NOT NULL,
	"accessibility" text DEFAULT '' NOT NULL,
	"price_cents" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_status_check" CHECK ("courses"."status" in ('published', 'draft')),
	CONSTRAINT "courses_modality_check" CHECK ("courses"."modality" in ('in_person', 'distance', 'blended')),
	CONSTRAINT "courses_price_cents_check" CHECK ("courses"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_purpose_check" CHECK ("stored_files"."purpose" in ('video', 'document', 'image'))
);
--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_enrolled_by_auth_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_auth_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_enrollments_course_id_student_id_idx" ON "course_enrollments" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE INDEX "course_enrollments_student_id_idx" ON "course_enrollments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "course_lessons_module_id_position_idx" ON "course_lessons" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "course_lessons_course_id_idx" ON "course_lessons" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_lessons_file_id_idx" ON "course_lessons" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "course_modules_course_id_position_idx" ON "course_modules" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "courses_organization_id_status_created_at_idx" ON "courses" USING btree ("organization_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_organization_id_created_at_idx" ON "courses" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_created_at_idx" ON "courses" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_completions_lesson_id_student_id_idx" ON "lesson_completions" USING btree ("lesson_id","student_id");--> statement-breakpoint
CREATE INDEX "lesson_completions_student_id_completed_at_idx" ON "lesson_completions" USING btree ("student_id","completed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lesson_completions_course_id_student_id_idx" ON "lesson_completions" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE INDEX "stored_files_organization_id_created_at_idx" ON "stored_files" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Tenant isolation (ADR 002), written by hand. Every table above carries organization_id; staff
-- (trainers of the organisation, platform admins) read and write their organisation's rows, while
-- a student reads only the formations they are enrolled in and their own enrolments and
-- completions, and writes only their own completions and progress. Request code filters by role
-- too; these policies hold even where it forgets to.
CREATE OR REPLACE FUNCTION app_role() RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.role', true), '') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_is_staff_of(organization uuid) RETURNS boolean LANGUAGE sql STABLE
  AS $$ SELECT app_is_admin() OR (organization = app_organization_id() AND app_role() = 'trainer') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_enrolled_course_ids() RETURNS SETOF uuid LANGUAGE sql STABLE
  AS $$ SELECT course_id FROM course_enrollments WHERE student_id = app_user_id() $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON courses TO cursus_app;
--> statement-breakpoint
ALTER TABLE courses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY courses_read ON courses FOR SELECT USING (
  app_is_staff_of(organization_id)
  OR (organization_id = app_organization_id() AND id IN (SELECT app_enrolled_course_ids()))
);
--> statement-breakpoint
CREATE POLICY courses_insert ON courses FOR INSERT WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY courses_update ON courses FOR UPDATE
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY courses_delete ON courses FOR DELETE USING (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON course_modules TO cursus_app;
--> statement-breakpoint
ALTER TABLE course_modules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY course_modules_read ON course_modules FOR SELECT USING (
  app_is_staff_of(organization_id)
  OR (organization_id = app_organization_id() AND course_id IN (SELECT app_enrolled_course_ids()))
);
--> statement-breakpoint
CREATE POLICY course_modules_insert ON course_modules FOR INSERT WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY course_modules_update ON course_modules FOR UPDATE
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY course_modules_delete ON course_modules FOR DELETE USING (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON course_lessons TO cursus_app;
--> statement-breakpoint
ALTER TABLE course_lessons ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY course_lessons_read ON course_lessons FOR SELECT USING (
  app_is_staff_of(organization_id)
  OR (organization_id = app_organization_id() AND course_id IN (SELECT app_enrolled_course_ids()))
);
--> statement-breakpoint
CREATE POLICY course_lessons_insert ON course_lessons FOR INSERT WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY course_lessons_update ON course_lessons FOR UPDATE
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY course_lessons_delete ON course_lessons FOR DELETE USING (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE, UPDATE (progress, updated_at) ON course_enrollments TO cursus_app;
--> statement-breakpoint
ALTER TABLE course_enrollments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY course_enrollments_read ON course_enrollments FOR SELECT USING (
  app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND student_id = app_user_id())
);
--> statement-breakpoint
CREATE POLICY course_enrollments_insert ON course_enrollments FOR INSERT
  WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
-- A learner's own row changes only when they complete a lesson (its progress is recomputed).
CREATE POLICY course_enrollments_update ON course_enrollments FOR UPDATE
  USING (app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND student_id = app_user_id()))
  WITH CHECK (app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND student_id = app_user_id()));
--> statement-breakpoint
CREATE POLICY course_enrollments_delete ON course_enrollments FOR DELETE USING (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON lesson_completions TO cursus_app;
--> statement-breakpoint
ALTER TABLE lesson_completions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY lesson_completions_read ON lesson_completions FOR SELECT USING (
  app_is_staff_of(organization_id) OR (organization_id = app_organization_id() AND student_id = app_user_id())
);
--> statement-breakpoint
CREATE POLICY lesson_completions_insert ON lesson_completions FOR INSERT WITH CHECK (
  student_id = app_user_id()
  AND (app_is_admin() OR organization_id = app_organization_id())
  AND course_id IN (SELECT app_enrolled_course_ids())
);
--> statement-breakpoint
CREATE POLICY lesson_completions_delete ON lesson_completions FOR DELETE USING (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON stored_files TO cursus_app;
--> statement-breakpoint
ALTER TABLE stored_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stored_files_read ON stored_files FOR SELECT
  USING (app_is_admin() OR organization_id = app_organization_id());
--> statement-breakpoint
CREATE POLICY stored_files_insert ON stored_files FOR INSERT WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
CREATE POLICY stored_files_delete ON stored_files FOR DELETE USING (app_is_staff_of(organization_id));
