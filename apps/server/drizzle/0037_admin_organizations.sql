-- The admin space's onboarding (issue 17 point 3): a platform admin creates an organisation from
-- /admin/organization-onboarding through the request role, in the same tenant transaction that
-- writes its audit line. Only its name is given (created_by stays null: the admin is not one of its
-- members; the audit log says who made it), and only an admin passes the policy. cursus_app may
-- still update an organisation's settings only (0024) and never delete one.
GRANT INSERT (name) ON organizations TO cursus_app;
--> statement-breakpoint
CREATE POLICY organizations_admin_create ON organizations FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()));
