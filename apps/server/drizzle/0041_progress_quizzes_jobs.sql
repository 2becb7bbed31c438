-- Quizzes count toward formation progress (issue 13 point 2): `recomputeProgress` reads the active
-- quizzes of the formation and whether the learner passed them. The funding-platform job enrols
-- learners (0036) and so recomputes progress as cursus_jobs: it reads the columns that takes, of
-- every organisation's quizzes (0023's policy) and attempts.
GRANT SELECT (course_id) ON quizzes TO cursus_jobs;
--> statement-breakpoint
GRANT SELECT (quiz_id, user_id, status, passed) ON quiz_attempts TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY quiz_attempts_jobs_read ON quiz_attempts FOR SELECT TO cursus_jobs USING (true);
