-- Learners (issue 16 point 2): what an organisation keeps about each learner beyond the account
-- (SPEC 3's administrative info, the phone of a CSV import), and whether it collects the social
-- security number at all. Tenant table, ADR 002.
ALTER TABLE "organizations" ADD COLUMN "collects_social_security_number" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "learner_records" (
	"student_id" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"phone" text,
	"address" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"birth_date" date,
	"birth_place" text,
	"social_security_number" text,
	"professional_status" text,
	"employer" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_records_professional_status_check" CHECK ("learner_records"."professional_status" is null or "learner_records"."professional_status" in ('employed', 'unemployed', 'student', 'self_employed', 'other'))
);
--> statement-breakpoint
ALTER TABLE "learner_records" ADD CONSTRAINT "learner_records_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_records" ADD CONSTRAINT "learner_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_records" ADD CONSTRAINT "learner_records_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_records_organization_id_idx" ON "learner_records" USING btree ("organization_id","student_id");--> statement-breakpoint
CREATE INDEX "learner_records_updated_by_idx" ON "learner_records" USING btree ("updated_by");--> statement-breakpoint
-- Staff keep their organisation's records; a learner reads their own (their profile page).
GRANT SELECT, INSERT, UPDATE ON learner_records TO cursus_app;
--> statement-breakpoint
ALTER TABLE learner_records ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE learner_records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY learner_records_read ON learner_records FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()))
);
--> statement-breakpoint
CREATE POLICY learner_records_insert ON learner_records FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY learner_records_update ON learner_records FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- Staff switch the collection of the social security number for their own organisation: that
-- column only (0009 took UPDATE on organizations from the request role), that organisation only.
GRANT UPDATE (collects_social_security_number) ON organizations TO cursus_app;
--> statement-breakpoint
CREATE POLICY organizations_learner_settings ON organizations FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR id = (SELECT app_staff_organization_id()));
