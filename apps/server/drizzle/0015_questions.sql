-- Learners' questions to their organisation's trainers and the replies on them (issue 14 points 1
-- and 2, SPEC 3 student_questions and question_replies). Tenant tables, ADR 002; the policies read
-- the tenant's settings once per statement (migration 0013). Bounds: docs/ARCHITECTURE.md, Questions.
CREATE TABLE "student_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"trainer_id" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"course_id" uuid,
	"lesson_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_questions_category_check" CHECK ("student_questions"."category" in ('general', 'pedagogy', 'technical', 'administrative')),
	CONSTRAINT "student_questions_status_check" CHECK ("student_questions"."status" in ('pending', 'answered', 'resolved')),
	CONSTRAINT "student_questions_subject_check" CHECK (char_length("student_questions"."subject") between 1 and 200),
	CONSTRAINT "student_questions_message_check" CHECK (char_length("student_questions"."message") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "question_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"message" text NOT NULL,
	"responder_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_replies_message_check" CHECK (char_length("question_replies"."message") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_trainer_id_auth_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_replies" ADD CONSTRAINT "question_replies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_replies" ADD CONSTRAINT "question_replies_question_id_student_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."student_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_replies" ADD CONSTRAINT "question_replies_responder_id_auth_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_questions_organization_id_created_at_idx" ON "student_questions" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "student_questions_organization_id_status_idx" ON "student_questions" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "student_questions_trainer_id_idx" ON "student_questions" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "student_questions_student_id_created_at_idx" ON "student_questions" USING btree ("student_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "student_questions_course_id_idx" ON "student_questions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "student_questions_lesson_id_idx" ON "student_questions" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "question_replies_question_id_created_at_idx" ON "question_replies" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "question_replies_organization_id_idx" ON "question_replies" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "question_replies_responder_id_idx" ON "question_replies" USING btree ("responder_id");--> statement-breakpoint
-- Questions: a learner asks in their own organisation and reads their own; the organisation's staff
-- read all of its questions and change their status and trainer in charge. Nobody rewrites what was
-- asked: only the status, the trainer and the date may change at run time.
GRANT SELECT, INSERT ON student_questions TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (status, trainer_id, updated_at) ON student_questions TO cursus_app;
--> statement-breakpoint
ALTER TABLE student_questions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE student_questions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY student_questions_read ON student_questions FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()))
);
--> statement-breakpoint
-- A new question is the asker's own, in their organisation, pending and given to nobody yet.
CREATE POLICY student_questions_insert ON student_questions FOR INSERT TO cursus_app WITH CHECK (
  organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id())
  AND status = 'pending' AND trainer_id IS NULL
);
--> statement-breakpoint
CREATE POLICY student_questions_staff_update ON student_questions FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- A learner's follow-up puts their own question back to pending: the only change they may make.
CREATE POLICY student_questions_student_reopen ON student_questions FOR UPDATE TO cursus_app
  USING (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()))
  WITH CHECK (
    organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id())
    AND status = 'pending'
  );
--> statement-breakpoint
-- Replies: read with their question; written by its learner or the organisation's staff, under their
-- own name, never changed afterwards.
GRANT SELECT, INSERT ON question_replies TO cursus_app;
--> statement-breakpoint
ALTER TABLE question_replies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE question_replies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY question_replies_read ON question_replies FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (
    organization_id = (SELECT app_organization_id())
    AND question_id IN (SELECT q.id FROM student_questions q WHERE q.student_id = (SELECT app_user_id()))
  )
);
--> statement-breakpoint
CREATE POLICY question_replies_insert ON question_replies FOR INSERT TO cursus_app WITH CHECK (
  responder_id = (SELECT app_user_id())
  AND question_id IN (SELECT q.id FROM student_questions q WHERE q.organization_id = question_replies.organization_id)
  AND (
    (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
    OR (
      organization_id = (SELECT app_organization_id())
      AND question_id IN (SELECT q.id FROM student_questions q WHERE q.student_id = (SELECT app_user_id()))
    )
  )
);
