-- Least privilege (issue 11; docs/ARCHITECTURE.md "Tenancy"). Nothing at run time uses the owner:
-- requests run as cursus_service (auth, sign-up, rate limits, role resolution, records written for
-- others) and switch to cursus_app inside a tenant's transaction; jobs run as cursus_jobs. Each role
-- holds only the privileges its code uses and passes row-level security through policies named
-- for it. Roles are cluster-wide, hence the existence checks; none is created BYPASSRLS.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cursus_service') THEN
    CREATE ROLE cursus_service NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cursus_jobs') THEN
    CREATE ROLE cursus_jobs NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
GRANT cursus_service, cursus_jobs TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO cursus_service, cursus_jobs;
--> statement-breakpoint
-- The request role changes only a profile's language; organisations and roles are read-only to it.
-- A mass-assignment bug can then move no one to another organisation nor change an address or role.
REVOKE UPDATE ON profiles FROM cursus_app;
--> statement-breakpoint
GRANT UPDATE (language, updated_at) ON profiles TO cursus_app;
--> statement-breakpoint
REVOKE UPDATE ON organizations FROM cursus_app;
--> statement-breakpoint
DROP POLICY organizations_tenant ON organizations;
--> statement-breakpoint
CREATE POLICY organizations_tenant ON organizations FOR SELECT TO cursus_app
  USING (app_is_admin() OR id = app_organization_id());
--> statement-breakpoint
DROP POLICY user_roles_tenant ON user_roles;
--> statement-breakpoint
CREATE POLICY user_roles_tenant ON user_roles FOR SELECT TO cursus_app
  USING (
    app_is_admin() OR user_id = app_user_id()
    OR user_id IN (SELECT id FROM profiles WHERE organization_id = app_organization_id())
  );
--> statement-breakpoint
-- Every policy written so far is the request role's, but was created for PUBLIC: name its role, so
-- each role passes only through policies written for it (the owner, bound by FORCE below, through
-- none). A policy for PUBLIC fails test/tenancy.test.ts from now on.
DO $$
DECLARE
  policy record;
BEGIN
  FOR policy IN SELECT tablename, policyname FROM pg_policies WHERE schemaname = 'public' AND roles = '{public}' LOOP
    EXECUTE format('ALTER POLICY %I ON %I TO cursus_app', policy.policyname, policy.tablename);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Whether a profile row still has the organisation, address and role stored for it. A policy's WITH
-- CHECK sees only the new row; this reads the stored one (the statement's snapshot does not see its
-- own change yet), under the caller's own privileges and policies.
CREATE FUNCTION profile_keeps_identity(profile_id text, organization uuid, address text, profile_role text)
  RETURNS boolean LANGUAGE sql STABLE
  AS $$ SELECT EXISTS (
    SELECT 1 FROM profiles
    WHERE id = profile_id AND organization_id IS NOT DISTINCT FROM organization
      AND email = address AND role IS NOT DISTINCT FROM profile_role
  ) $$;
--> statement-breakpoint
-- Second lock behind the column grants: even a future grant could not move a profile to another
-- organisation, nor change its address or role, through the request role (admins included).
ALTER POLICY profiles_tenant ON profiles
  WITH CHECK (
    (app_is_admin() OR id = app_user_id() OR organization_id = app_organization_id())
    AND profile_keeps_identity(id, organization_id, email, role)
  );
--> statement-breakpoint
-- cursus_service: better-auth's tables (never an account's address: no UPDATE on auth_users.email,
-- which admin resolution trusts once verified), and the rate-limit counters.
GRANT SELECT, INSERT, DELETE ON auth_users TO cursus_service;
--> statement-breakpoint
GRANT UPDATE (name, email_verified, image, updated_at) ON auth_users TO cursus_service;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON auth_sessions, auth_accounts, auth_verifications, auth_attempts TO cursus_service;
--> statement-breakpoint
-- Browsers known to an account (0007): issued at sign-in, checked, revoked; never updated.
GRANT SELECT, INSERT, DELETE ON auth_device_tokens TO cursus_service;
--> statement-breakpoint
-- Sign-up creates the organisation, the profile and the role; role resolution reads them.
GRANT SELECT, INSERT ON organizations, profiles, user_roles TO cursus_service;
--> statement-breakpoint
CREATE POLICY organizations_service_read ON organizations FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY organizations_service_create ON organizations FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY user_roles_service_read ON user_roles FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY user_roles_service_create ON user_roles FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY profiles_service_read ON profiles FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY profiles_service_create ON profiles FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
-- Placing an account that has no organisation (a trainer creating theirs, a waiting learner assigned):
-- only organization_id may change, and only on a row that has none, so no account is ever moved.
GRANT UPDATE (organization_id, updated_at) ON profiles TO cursus_service;
--> statement-breakpoint
CREATE POLICY profiles_service_place ON profiles FOR UPDATE TO cursus_service
  USING (organization_id IS NULL) WITH CHECK (organization_id IS NOT NULL);
--> statement-breakpoint
-- Records a request writes for someone else (staff notifications, server logs, alerts, sign-ins,
-- a visitor's 404 or guide answer) and the outbox. RETURNING needs SELECT where it is used.
GRANT SELECT, INSERT ON notifications, system_alerts TO cursus_service;
--> statement-breakpoint
GRANT INSERT ON system_logs, sign_in_logs, not_found_errors, guide_feedback, email_outbox TO cursus_service;
--> statement-breakpoint
-- A notification goes only to a member of the organisation it names.
CREATE POLICY notifications_service_create ON notifications FOR INSERT TO cursus_service
  WITH CHECK (EXISTS (
    SELECT 1 FROM profiles WHERE profiles.id = notifications.user_id AND profiles.organization_id = notifications.organization_id
  ));
--> statement-breakpoint
CREATE POLICY notifications_service_read ON notifications FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY system_alerts_service_create ON system_alerts FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY system_alerts_service_read ON system_alerts FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY system_logs_service_create ON system_logs FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY sign_in_logs_service_create ON sign_in_logs FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
-- A signed-in user's 404 goes through their tenant (0001); the service writes only visitors'.
CREATE POLICY not_found_errors_service_create ON not_found_errors FOR INSERT TO cursus_service
  WITH CHECK (user_id IS NULL);
--> statement-breakpoint
ALTER TABLE guide_feedback ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY guide_feedback_service_create ON guide_feedback FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
-- cursus_jobs: the runs' bookkeeping, the outbox's delivery and purge, the time-tracking integrity
-- job (closing dead sessions, repairing totals) and the offline leases' purge, across organisations.
-- The orphaned files sweep's grants are in 0008.
GRANT SELECT, INSERT, UPDATE (last_run_at, finished_at, last_error) ON job_runs TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY job_runs_jobs ON job_runs TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, UPDATE (status, attempts, last_error, next_attempt_at, sent_at, text, html) ON email_outbox TO cursus_jobs;
--> statement-breakpoint
GRANT SELECT, UPDATE (session_end, duration_seconds) ON user_time_tracking TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY user_time_tracking_jobs ON user_time_tracking TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE (total_time_seconds, total_hours, remaining_minutes, updated_at) ON user_total_time TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY user_total_time_jobs ON user_total_time TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The daily purge of offline leases ended long ago (time-tracking/offline-leases.ts).
GRANT SELECT, DELETE ON offline_leases TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY offline_leases_jobs ON offline_leases FOR DELETE TO cursus_jobs USING (true);
--> statement-breakpoint
CREATE POLICY offline_leases_jobs_read ON offline_leases FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
-- Row-level security binds the tables' owner too, so a path that reached the owner connection by
-- mistake would see no tenant row: no policy names the owner (a superuser or BYPASSRLS owner, e.g.
-- the embedded engine's, is exempt by PostgreSQL's rules; a member inheriting the roles above passes
-- their policies, hence a NOINHERIT owner in docs/operations.md). test/tenancy.test.ts checks that
-- no table of the schema escapes, other than the documented list without tenant data.
ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE system_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE not_found_errors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE guide_feedback FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE courses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE course_modules FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE course_lessons FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE course_enrollments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE lesson_completions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stored_files FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_time_tracking FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_total_time FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE offline_leases FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE time_tracking_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE system_alerts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sign_in_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE job_runs FORCE ROW LEVEL SECURITY;
