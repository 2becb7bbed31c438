-- The admin audit log (issue 17 point 3): every admin action that changes another organisation's data,
-- or the platform's, as one line that admins read and nobody edits. The organisation and the actor are
-- plain values, not foreign keys, so a line outlives what it names.
CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"organization_id" uuid,
	"target_type" text NOT NULL,
	"target_id" text,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_organization_id_created_at_idx" ON "admin_audit_log" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Append-only for every role, the owner included: no UPDATE or DELETE grant, and a trigger that refuses
-- them (and TRUNCATE) even to a role that would hold the privilege.
CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only();
--> statement-breakpoint
-- Admins write their line inside the transaction of the action they take (so both land or neither),
-- and read the log; nobody else sees it.
GRANT SELECT, INSERT ON admin_audit_log TO cursus_app;
--> statement-breakpoint
GRANT INSERT ON admin_audit_log TO cursus_service;
--> statement-breakpoint
ALTER TABLE admin_audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE admin_audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY admin_audit_log_read ON admin_audit_log FOR SELECT TO cursus_app USING ((SELECT app_is_admin()));
--> statement-breakpoint
CREATE POLICY admin_audit_log_insert ON admin_audit_log FOR INSERT TO cursus_app WITH CHECK ((SELECT app_is_admin()));
--> statement-breakpoint
-- An action taken outside a tenant's transaction (a job acting for an admin's request) is recorded by the
-- service role, which may add lines and read none.
CREATE POLICY admin_audit_log_service_insert ON admin_audit_log FOR INSERT TO cursus_service WITH CHECK (true);
