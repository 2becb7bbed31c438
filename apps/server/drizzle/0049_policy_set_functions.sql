-- Issue 12: the policies read the learner's formations, and the guest quizzes, as a table rather
-- than as a function called in a select list. `course_id IN (SELECT app_enrolled_course_ids())`
-- runs the SQL function through its own executor at every statement, which parses and plans the
-- function's query again each time: 40 % of PostgreSQL's CPU on the learner's formation page
-- (perf, bench:server-cost). Called in FROM, `SELECT … FROM app_enrolled_course_ids() …`, the same
-- function is inlined into the statement and planned once with it, row security of
-- course_enrollments included. The rules and their results do not change; test/tenancy.test.ts
-- refuses a set-returning function in a policy's select list.
DO $$
DECLARE
  policy record;
  using_clause text;
  check_clause text;
BEGIN
  FOR policy IN SELECT tablename, policyname, qual, with_check FROM pg_policies WHERE schemaname = 'public' LOOP
    using_clause := regexp_replace(policy.qual,
      'SELECT app_enrolled_course_ids\(\) AS app_enrolled_course_ids',
      'SELECT enrolled.course_id FROM app_enrolled_course_ids() enrolled(course_id)', 'g');
    using_clause := regexp_replace(using_clause,
      'SELECT guest_quiz_ids\(\) AS guest_quiz_ids',
      'SELECT guest.quiz_id FROM guest_quiz_ids() guest(quiz_id)', 'g');
    check_clause := regexp_replace(policy.with_check,
      'SELECT app_enrolled_course_ids\(\) AS app_enrolled_course_ids',
      'SELECT enrolled.course_id FROM app_enrolled_course_ids() enrolled(course_id)', 'g');
    IF using_clause IS DISTINCT FROM policy.qual THEN
      EXECUTE format('ALTER POLICY %I ON %I USING (%s)', policy.policyname, policy.tablename, using_clause);
    END IF;
    IF check_clause IS DISTINCT FROM policy.with_check THEN
      EXECUTE format('ALTER POLICY %I ON %I WITH CHECK (%s)', policy.policyname, policy.tablename, check_clause);
    END IF;
  END LOOP;
END $$;
