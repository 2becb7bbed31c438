CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"action" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"actor_name" text,
	"target_type" text NOT NULL,
	"target_id" text,
	"ip" text,
	"user_agent" text,
	"before" jsonb,
	"after" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_created_at_idx" ON "audit_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_organization_id_created_at_idx" ON "audit_events" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The audit trail (issue 19): security and compliance events that an organisation's staff read for their
-- own organisation and admins for all. Append-only for every role, the owner included: no UPDATE, DELETE
-- or TRUNCATE grant, and a trigger that refuses them even to a role holding the privilege. 0032's
-- function names its own table, so this one names whichever table it guards.
CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
GRANT SELECT, INSERT ON audit_events TO cursus_app;
--> statement-breakpoint
GRANT INSERT ON audit_events TO cursus_service;
--> statement-breakpoint
GRANT INSERT ON audit_events TO cursus_jobs;
--> statement-breakpoint
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_events_read ON audit_events FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- Inside a request's transaction an event is the signed-in user's own, about their organisation (an
-- admin's about any): nobody records an event in another's name.
CREATE POLICY audit_events_insert ON audit_events FOR INSERT TO cursus_app WITH CHECK (
  actor_id = (SELECT app_user_id())
  AND ((SELECT app_is_admin()) OR organization_id IS NOT DISTINCT FROM (SELECT app_organization_id()))
);
--> statement-breakpoint
-- What happens outside a tenant's transaction (sign-in, better-auth's hooks, a job acting for someone) is
-- recorded by the service or jobs role, which may add events and read none.
CREATE POLICY audit_events_service_insert ON audit_events FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY audit_events_jobs_insert ON audit_events FOR INSERT TO cursus_jobs WITH CHECK (true);
