-- Documents (issue 16 point 4): the organisation's règlement intérieur, programmes, CGV and templates,
-- and papers uploaded for one learner, each with its versions. Tenant tables, ADR 002.
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_purpose_check";
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_purpose_check" CHECK ("stored_files"."purpose" in ('video', 'document', 'image', 'record'));
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"visibility" text NOT NULL,
	"course_id" uuid,
	"student_id" text,
	"file_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('internal_rules', 'programme', 'terms', 'template', 'convocation', 'convention', 'other')),
	CONSTRAINT "documents_visibility_check" CHECK ("documents"."visibility" in ('staff', 'organization', 'course', 'learner')),
	CONSTRAINT "documents_audience_check" CHECK (("documents"."visibility" <> 'course' or "documents"."course_id" is not null) and ("documents"."visibility" = 'learner') = ("documents"."student_id" is not null)),
	CONSTRAINT "documents_version_check" CHECK ("documents"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_auth_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_organization_id_updated_at_idx" ON "documents" USING btree ("organization_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_course_id_idx" ON "documents" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "documents_student_id_idx" ON "documents" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_document_id_version_idx" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
-- A stored file is one document's version, never two documents'.
CREATE UNIQUE INDEX "document_versions_file_id_idx" ON "document_versions" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "document_versions_organization_id_idx" ON "document_versions" USING btree ("organization_id");--> statement-breakpoint
-- Staff write their organisation's documents. A learner reads those shared with everyone of the
-- organisation, with a formation they are enrolled in, or with them alone; never the staff-only ones.
GRANT SELECT, INSERT, UPDATE, DELETE ON documents TO cursus_app;
--> statement-breakpoint
ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY documents_read ON documents FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (
    organization_id = (SELECT app_organization_id())
    AND (
      visibility = 'organization'
      OR (visibility = 'learner' AND student_id = (SELECT app_user_id()))
      OR (
        visibility = 'course'
        AND course_id IN (SELECT e.course_id FROM course_enrollments e WHERE e.student_id = (SELECT app_user_id()))
      )
    )
  )
);
--> statement-breakpoint
CREATE POLICY documents_insert ON documents FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY documents_update ON documents FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY documents_delete ON documents FOR DELETE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- Versions are staff's history: learners read the current file through the document.
GRANT SELECT, INSERT ON document_versions TO cursus_app;
--> statement-breakpoint
ALTER TABLE document_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE document_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_versions_read ON document_versions FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY document_versions_insert ON document_versions FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The orphaned files sweep keeps every version's file (document-file-access.ts).
GRANT SELECT ON document_versions TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY document_versions_jobs_read ON document_versions FOR SELECT TO cursus_jobs USING (true);
