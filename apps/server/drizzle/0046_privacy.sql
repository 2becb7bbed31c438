CREATE TABLE "organization_retention" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"retention_years" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_retention_years_check" CHECK ("organization_retention"."retention_years" in (3, 6, 10))
);
--> statement-breakpoint
CREATE TABLE "privacy_erasures" (
	"student_id" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"label" text NOT NULL,
	"erased_by" text,
	"erased_at" timestamp with time zone NOT NULL,
	"retention_years" integer NOT NULL,
	"retained_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_retention" ADD CONSTRAINT "organization_retention_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_retention" ADD CONSTRAINT "organization_retention_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_erasures" ADD CONSTRAINT "privacy_erasures_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_erasures" ADD CONSTRAINT "privacy_erasures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_erasures" ADD CONSTRAINT "privacy_erasures_erased_by_auth_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_retention_updated_by_idx" ON "organization_retention" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "privacy_erasures_organization_id_idx" ON "privacy_erasures" USING btree ("organization_id","erased_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "privacy_erasures_retained_until_idx" ON "privacy_erasures" USING btree ("retained_until");--> statement-breakpoint
CREATE INDEX "privacy_erasures_erased_by_idx" ON "privacy_erasures" USING btree ("erased_by");--> statement-breakpoint
-- Retention setting: the organisation's staff read and change their own; admins any.
GRANT SELECT, INSERT ON organization_retention TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (retention_years, updated_by, updated_at) ON organization_retention TO cursus_app;
--> statement-breakpoint
ALTER TABLE organization_retention ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE organization_retention FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organization_retention_staff ON organization_retention FOR ALL TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- Erasures: staff read their organisation's (the learner page says a learner was erased); the erasure
-- itself is written by the service role once the route has checked the learner is the caller's.
GRANT SELECT ON privacy_erasures TO cursus_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON privacy_erasures TO cursus_service;
--> statement-breakpoint
GRANT SELECT ON privacy_erasures TO cursus_jobs;
--> statement-breakpoint
ALTER TABLE privacy_erasures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE privacy_erasures FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY privacy_erasures_staff_read ON privacy_erasures FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY privacy_erasures_service_read ON privacy_erasures FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY privacy_erasures_service_create ON privacy_erasures FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY privacy_erasures_jobs_read ON privacy_erasures FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
-- What the erasure changes, as cursus_service: each grant below is bounded by a policy to the learners
-- listed in privacy_erasures, so the role can rewrite or delete nobody else's rows.
-- Names only: the address is replaced by privacy_pseudonymise_account below, as no runtime role may
-- change an address.
GRANT UPDATE (full_name, first_name, last_name, updated_at) ON profiles TO cursus_service;
--> statement-breakpoint
CREATE POLICY profiles_service_erase ON profiles FOR UPDATE TO cursus_service
  USING (id IN (SELECT e.student_id FROM privacy_erasures e))
  WITH CHECK (id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
GRANT SELECT, UPDATE (phone, address, city, postal_code, country, birth_date, birth_place, social_security_number, updated_at) ON learner_records TO cursus_service;
--> statement-breakpoint
CREATE POLICY learner_records_service_erase ON learner_records FOR ALL TO cursus_service
  USING (student_id IN (SELECT e.student_id FROM privacy_erasures e))
  WITH CHECK (student_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
GRANT SELECT, UPDATE (student_name) ON certificates TO cursus_service;
--> statement-breakpoint
CREATE POLICY certificates_service_erase ON certificates FOR ALL TO cursus_service
  USING (student_id IN (SELECT e.student_id FROM privacy_erasures e))
  WITH CHECK (student_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
-- The signer's name is not part of a signature's chained hash (attendance.service.ts), so replacing it
-- keeps the sheet's chain verifiable.
GRANT UPDATE (signer_name) ON attendance_signatures TO cursus_service;
--> statement-breakpoint
CREATE POLICY attendance_signatures_service_erase ON attendance_signatures FOR UPDATE TO cursus_service
  USING (signer_id IN (SELECT e.student_id FROM privacy_erasures e))
  WITH CHECK (signer_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
GRANT SELECT, UPDATE (respondent_name, respondent_email) ON quiz_attempts TO cursus_service;
--> statement-breakpoint
CREATE POLICY quiz_attempts_service_erase ON quiz_attempts FOR ALL TO cursus_service
  USING (user_id IN (SELECT e.student_id FROM privacy_erasures e))
  WITH CHECK (user_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
GRANT SELECT, DELETE ON conversations, notifications, student_questions, assistant_conversations TO cursus_service;
--> statement-breakpoint
GRANT SELECT, DELETE ON forum_threads, forum_posts, forum_likes, forum_thread_views, forum_mentions TO cursus_service;
--> statement-breakpoint
GRANT SELECT, DELETE ON email_preferences, sign_in_logs TO cursus_service;
--> statement-breakpoint
CREATE POLICY conversations_service_erase ON conversations FOR ALL TO cursus_service
  USING (student_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY notifications_service_erase ON notifications FOR ALL TO cursus_service
  USING (user_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY student_questions_service_erase ON student_questions FOR ALL TO cursus_service
  USING (student_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY assistant_conversations_service_erase ON assistant_conversations FOR ALL TO cursus_service
  USING (user_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY forum_threads_service_erase ON forum_threads FOR ALL TO cursus_service
  USING (author_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY forum_posts_service_erase ON forum_posts FOR ALL TO cursus_service
  USING (author_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY forum_likes_service_erase ON forum_likes FOR ALL TO cursus_service
  USING (user_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY forum_thread_views_service_erase ON forum_thread_views FOR ALL TO cursus_service
  USING (user_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY forum_mentions_service_erase ON forum_mentions FOR ALL TO cursus_service
  USING (user_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY email_preferences_service_erase ON email_preferences FOR ALL TO cursus_service
  USING (user_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
CREATE POLICY sign_in_logs_service_erase ON sign_in_logs FOR ALL TO cursus_service
  USING (user_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
-- The outbox has no row-level security (it holds no organisation's data); the erasure removes the
-- messages sent to the learner's address.
GRANT SELECT (to_address), DELETE ON email_outbox TO cursus_service;
--> statement-breakpoint
-- Nobody at run time may change an account's address (auth_users.email has no UPDATE grant), so the
-- erasure goes through this function, which acts only on a learner listed in privacy_erasures: it
-- replaces the address and name and removes the password and the sign-in sessions, so the account can
-- no longer sign in while the evidence that references it is kept.
CREATE FUNCTION privacy_pseudonymise_account(p_student_id text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_label text;
  v_count integer;
BEGIN
  SELECT label INTO v_label FROM privacy_erasures WHERE student_id = p_student_id;
  IF v_label IS NULL THEN
    RAISE EXCEPTION 'not an erased learner' USING ERRCODE = '42501';
  END IF;
  UPDATE auth_users
    SET email = 'erased-' || p_student_id || '@erased.invalid', name = v_label, image = NULL, updated_at = now()
    WHERE id = p_student_id;
  -- The profile's copy of the address too. Under forced row-level security an owner that is not a
  -- superuser passes through profiles_service_erase, the policy of cursus_service, of which the owner
  -- is a member (migration 0009); one that is NOINHERIT would update nothing, hence the check.
  UPDATE profiles
    SET email = 'erased-' || p_student_id || '@erased.invalid', updated_at = now()
    WHERE id = p_student_id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> 1 THEN
    RAISE EXCEPTION 'the profile of an erased learner could not be pseudonymised' USING ERRCODE = '42501';
  END IF;
  DELETE FROM auth_sessions WHERE user_id = p_student_id;
  DELETE FROM auth_accounts WHERE user_id = p_student_id;
  -- A pending password reset names its account in `value`: it would let the learner back in.
  DELETE FROM auth_verifications WHERE value = p_student_id;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION privacy_pseudonymise_account(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION privacy_pseudonymise_account(text) TO cursus_service;
--> statement-breakpoint
-- The purge at the end of the retention period: deleting the account takes every record that
-- references it (foreign keys cascade). Only for a learner whose retention ended at `p_at` (the
-- job's clock).
CREATE FUNCTION privacy_purge_account(p_student_id text, p_at timestamptz) RETURNS boolean
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM privacy_erasures WHERE student_id = p_student_id AND retained_until <= p_at
  ) THEN
    RETURN false;
  END IF;
  DELETE FROM auth_users WHERE id = p_student_id;
  RETURN true;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION privacy_purge_account(text, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION privacy_purge_account(text, timestamptz) TO cursus_jobs;
--> statement-breakpoint
-- The retention job: erased learners' certificates (their PDF is restricted, so they go first) and
-- the logs past their own periods.
GRANT DELETE ON certificates TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY certificates_jobs_purge ON certificates FOR DELETE TO cursus_jobs
  USING (student_id IN (SELECT e.student_id FROM privacy_erasures e));
--> statement-breakpoint
GRANT SELECT, DELETE ON sign_in_logs, not_found_errors TO cursus_jobs;
--> statement-breakpoint
GRANT DELETE ON system_logs TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY sign_in_logs_jobs_purge ON sign_in_logs FOR ALL TO cursus_jobs USING (true);
--> statement-breakpoint
CREATE POLICY not_found_errors_jobs_purge ON not_found_errors FOR ALL TO cursus_jobs USING (true);
--> statement-breakpoint
CREATE POLICY system_logs_jobs_purge ON system_logs FOR DELETE TO cursus_jobs USING (true);
