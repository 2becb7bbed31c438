-- Tenant isolation (DESIGN "tenancy"): requests run as cursus_app, a role without BYPASSRLS, with
-- app.user_id, app.role and app.organization_id set per transaction. Sign-up, jobs and seeding
-- run as the owner. Roles are cluster-wide, hence the existence check.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cursus_app') THEN
    CREATE ROLE cursus_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
GRANT cursus_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO cursus_app;
--> statement-breakpoint
CREATE FUNCTION app_user_id() RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '') $$;
--> statement-breakpoint
CREATE FUNCTION app_organization_id() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.organization_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE FUNCTION app_is_admin() RETURNS boolean LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('app.role', true), '') = 'admin' $$;
--> statement-breakpoint
GRANT SELECT, UPDATE ON organizations TO cursus_app;
--> statement-breakpoint
ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organizations_tenant ON organizations
  USING (app_is_admin() OR id = app_organization_id())
  WITH CHECK (app_is_admin() OR id = app_organization_id());
--> statement-breakpoint
GRANT SELECT, UPDATE ON profiles TO cursus_app;
--> statement-breakpoint
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY profiles_tenant ON profiles
  USING (app_is_admin() OR id = app_user_id() OR organization_id = app_organization_id())
  WITH CHECK (app_is_admin() OR id = app_user_id() OR organization_id = app_organization_id());
--> statement-breakpoint
GRANT SELECT ON user_roles TO cursus_app;
--> statement-breakpoint
ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_roles_tenant ON user_roles
  USING (
    app_is_admin() OR user_id = app_user_id()
    OR user_id IN (SELECT id FROM profiles WHERE organization_id = app_organization_id())
  );
--> statement-breakpoint
GRANT SELECT, INSERT ON system_logs TO cursus_app;
--> statement-breakpoint
ALTER TABLE system_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY system_logs_insert ON system_logs FOR INSERT WITH CHECK (
  user_id IS NOT DISTINCT FROM app_user_id()
  AND (organization_id IS NULL OR organization_id = app_organization_id() OR app_is_admin())
);
--> statement-breakpoint
CREATE POLICY system_logs_admin_read ON system_logs FOR SELECT USING (app_is_admin());
--> statement-breakpoint
GRANT SELECT, INSERT ON not_found_errors TO cursus_app;
--> statement-breakpoint
ALTER TABLE not_found_errors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY not_found_errors_insert ON not_found_errors FOR INSERT WITH CHECK (user_id IS NOT DISTINCT FROM app_user_id());
--> statement-breakpoint
CREATE POLICY not_found_errors_admin_read ON not_found_errors FOR SELECT USING (app_is_admin());
