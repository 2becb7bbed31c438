-- Session quizzes (issue 13 points 1 and 5): a quiz may be attached to a group session, and the
-- learners invited to it take it, with or without a formation. ADR 002, migration 0013's way of
-- reading the settings.
ALTER TABLE "quizzes" ADD COLUMN "group_session_id" uuid;
--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_group_session_id_group_sessions_id_fk" FOREIGN KEY ("group_session_id") REFERENCES "public"."group_sessions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "quizzes_group_session_id_idx" ON "quizzes" USING btree ("group_session_id");
--> statement-breakpoint
-- A learner reads the active quizzes of their formations (0010) and those of the sessions they are
-- invited to; the participants' own policy shows a learner only their own invitations. When the
-- session has started is the server's clock, checked by the service. Links, draws, bank questions
-- and attempts follow, as their policies read quizzes through this one.
ALTER POLICY quizzes_read ON quizzes USING (
  ((SELECT app_is_admin()) OR (organization_id = (SELECT app_staff_organization_id())))
  OR (
    organization_id = (SELECT app_organization_id()) AND is_active
    AND (
      course_id IN (SELECT app_enrolled_course_ids())
      OR group_session_id IN (
        SELECT gp.session_id FROM group_session_participants gp WHERE gp.student_id = (SELECT app_user_id())
      )
    )
  )
);
--> statement-breakpoint
-- The 'session_quiz_available' job reads every organisation's active session quizzes; the sessions
-- and their learners are readable to it since 0019.
GRANT SELECT (id, organization_id, title, is_active, group_session_id) ON quizzes TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY quizzes_jobs_read ON quizzes FOR SELECT TO cursus_jobs USING (true);
