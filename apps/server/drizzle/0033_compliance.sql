-- Qualiopi compliance (issue 17 point 1). Who the organisation is for the national quality framework:
-- the action categories it delivers (training, skills assessment, VAE, apprenticeship) and whether it
-- prepares for certifications registered in RNCP/RS; together they decide which of the 32 indicators
-- apply (modules/compliance/compliance-framework.ts).
ALTER TABLE "organizations" ADD COLUMN "action_categories" text[] DEFAULT '{training}' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "certifying" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_action_categories_check" CHECK (cardinality("organizations"."action_categories") between 1 and 4 and "organizations"."action_categories" <@ ARRAY['training', 'skills_assessment', 'vae', 'apprenticeship']::text[]);--> statement-breakpoint
-- Staff change their own organisation's profile, as its settings (migration 0024's update policy
-- keeps them to their organisation).
GRANT UPDATE (action_categories, certifying) ON organizations TO cursus_app;
--> statement-breakpoint
CREATE TABLE "compliance_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"indicator" integer NOT NULL,
	"title" text NOT NULL,
	"proven_on" date NOT NULL,
	"file_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_evidence_indicator_check" CHECK ("compliance_evidence"."indicator" between 1 and 32)
);
--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_evidence" ADD CONSTRAINT "compliance_evidence_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_evidence_organization_id_indicator_idx" ON "compliance_evidence" USING btree ("organization_id","indicator","proven_on");--> statement-breakpoint
CREATE INDEX "compliance_evidence_file_id_idx" ON "compliance_evidence" USING btree ("file_id");--> statement-breakpoint
-- Evidence is recorded and removed, never edited: a new version is a new row.
GRANT SELECT, INSERT, DELETE ON compliance_evidence TO cursus_app;
--> statement-breakpoint
ALTER TABLE compliance_evidence ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE compliance_evidence FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY compliance_evidence_staff ON compliance_evidence FOR ALL TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The orphaned files sweep keeps every file an evidence row names.
GRANT SELECT ON compliance_evidence TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY compliance_evidence_jobs_read ON compliance_evidence FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
-- A learner may read their organisation's images by id (modules/courses); an evidence file is refused
-- them first, looked up outside their tenant (they cannot see it).
GRANT SELECT ON compliance_evidence TO cursus_service;
--> statement-breakpoint
CREATE POLICY compliance_evidence_service_read ON compliance_evidence FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
-- Indicator 12's evidence: the reminders ledger (migration 0018) was the jobs' alone; the
-- organisation's staff now read their own organisation's rows, never write them.
GRANT SELECT ON sent_reminders TO cursus_app;
--> statement-breakpoint
CREATE POLICY sent_reminders_staff_read ON sent_reminders FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
