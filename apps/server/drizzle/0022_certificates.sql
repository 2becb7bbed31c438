-- Certificates (issue 15 point 4): the certificat de réalisation and the attestation de fin de
-- formation, each a stored PDF with a public verification code. Tenant table, ADR 002.
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"student_id" text,
	"course_id" uuid,
	"student_name" text NOT NULL,
	"course_title" text NOT NULL,
	"organization_name" text NOT NULL,
	"tracked_seconds" integer NOT NULL,
	"first_activity_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"file_id" uuid NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "certificates_kind_check" CHECK ("certificates"."kind" in ('realisation', 'completion')),
	CONSTRAINT "certificates_tracked_seconds_check" CHECK ("certificates"."tracked_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_auth_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_auth_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_idx" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_valid_idx" ON "certificates" USING btree ("student_id","course_id","kind") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_organization_id_issued_at_idx" ON "certificates" USING btree ("organization_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificates_course_id_idx" ON "certificates" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "certificates_student_id_idx" ON "certificates" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "certificates_file_id_idx" ON "certificates" USING btree ("file_id");--> statement-breakpoint
-- Staff issue and revoke their organisation's certificates (revoking is the only change: column
-- grant); a learner reads their own.
GRANT SELECT, INSERT ON certificates TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (revoked_at, revoked_by) ON certificates TO cursus_app;
--> statement-breakpoint
ALTER TABLE certificates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE certificates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY certificates_read ON certificates FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()))
);
--> statement-breakpoint
CREATE POLICY certificates_insert ON certificates FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY certificates_update ON certificates FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The public verification page has no tenant: it runs as cursus_service and finds a certificate by
-- its code alone (80 random bits, reads rate limited per IP).
GRANT SELECT ON certificates TO cursus_service;
--> statement-breakpoint
CREATE POLICY certificates_service_verify ON certificates FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
-- The orphaned files sweep keeps every certificate's PDF (certificate-file-access.ts).
GRANT SELECT ON certificates TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY certificates_jobs_read ON certificates FOR SELECT TO cursus_jobs USING (true);
