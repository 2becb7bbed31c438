-- The organisation's trainers (issue 16 point 3): each one's role within the organisation (manager
-- or trainer, beside the platform role of user_roles, which stays untouched), bio and specialities,
-- the formations they are assigned to, and their CV and diplomas (Qualiopi indicator 21).
-- Tenant tables, ADR 002: the organisation's staff read and write them, learners never.
CREATE TABLE "trainer_profiles" (
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"organization_role" text DEFAULT 'trainer' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"specialities" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_profiles_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id"),
	CONSTRAINT "trainer_profiles_organization_role_check" CHECK ("trainer_profiles"."organization_role" in ('manager', 'trainer')),
	CONSTRAINT "trainer_profiles_bio_check" CHECK (char_length("trainer_profiles"."bio") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "trainer_course_assignments" (
	"organization_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"trainer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_course_assignments_organization_id_course_id_trainer_id_pk" PRIMARY KEY("organization_id","course_id","trainer_id")
);
--> statement-breakpoint
CREATE TABLE "trainer_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"trainer_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"issuer" text,
	"obtained_on" date,
	"expires_on" date,
	"file_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_documents_kind_check" CHECK ("trainer_documents"."kind" in ('cv', 'diploma')),
	CONSTRAINT "trainer_documents_expiry_check" CHECK ("trainer_documents"."expires_on" is null or "trainer_documents"."obtained_on" is null or "trainer_documents"."expires_on" >= "trainer_documents"."obtained_on")
);
--> statement-breakpoint
ALTER TABLE "trainer_profiles" ADD CONSTRAINT "trainer_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_profiles" ADD CONSTRAINT "trainer_profiles_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_course_assignments" ADD CONSTRAINT "trainer_course_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_course_assignments" ADD CONSTRAINT "trainer_course_assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_course_assignments" ADD CONSTRAINT "trainer_course_assignments_trainer_id_auth_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_documents" ADD CONSTRAINT "trainer_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_documents" ADD CONSTRAINT "trainer_documents_trainer_id_auth_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_documents" ADD CONSTRAINT "trainer_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_documents" ADD CONSTRAINT "trainer_documents_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trainer_profiles_user_id_idx" ON "trainer_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trainer_course_assignments_organization_id_trainer_id_idx" ON "trainer_course_assignments" USING btree ("organization_id","trainer_id");--> statement-breakpoint
CREATE INDEX "trainer_course_assignments_course_id_idx" ON "trainer_course_assignments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "trainer_course_assignments_trainer_id_idx" ON "trainer_course_assignments" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "trainer_documents_organization_id_trainer_id_idx" ON "trainer_documents" USING btree ("organization_id","trainer_id","created_at");--> statement-breakpoint
CREATE INDEX "trainer_documents_trainer_id_idx" ON "trainer_documents" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "trainer_documents_file_id_idx" ON "trainer_documents" USING btree ("file_id");--> statement-breakpoint
-- The staff's profiles as they stand: whoever created their organisation manages it.
INSERT INTO trainer_profiles (organization_id, user_id, organization_role)
SELECT p.organization_id, p.id,
  CASE WHEN o.created_by = p.id THEN 'manager' ELSE 'trainer' END
FROM profiles p
JOIN organizations o ON o.id = p.organization_id
WHERE coalesce((SELECT r.role FROM user_roles r WHERE r.user_id = p.id), p.role) IN ('trainer', 'admin')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Who manages is decided by the service (managers only); the columns say what may change at all.
GRANT SELECT, INSERT ON trainer_profiles TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (organization_role, bio, specialities, updated_at) ON trainer_profiles TO cursus_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON trainer_course_assignments TO cursus_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON trainer_documents TO cursus_app;
--> statement-breakpoint
ALTER TABLE trainer_profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trainer_profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trainer_course_assignments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trainer_course_assignments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trainer_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trainer_documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY trainer_profiles_staff ON trainer_profiles FOR ALL TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY trainer_course_assignments_staff ON trainer_course_assignments FOR ALL TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY trainer_documents_staff ON trainer_documents FOR ALL TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The orphaned files sweep keeps every CV and diploma a trainer's record names.
GRANT SELECT ON trainer_documents TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY trainer_documents_jobs_read ON trainer_documents FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
-- A learner may read their organisation's lesson images by id (modules/courses); a file that is a
-- trainer's CV or diploma is refused them first, looked up outside their tenant (they cannot see it).
GRANT SELECT ON trainer_documents TO cursus_service;
--> statement-breakpoint
CREATE POLICY trainer_documents_service_read ON trainer_documents FOR SELECT TO cursus_service USING (true);
