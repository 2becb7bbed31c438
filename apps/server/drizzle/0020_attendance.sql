-- Attendance signing ('émargement', issue 15 point 2): signing slots per half-day of a group
-- session, learners' expected presence, hash-chained signatures, single-use emailed links and the
-- organisation's late-signing rule. Tenant tables, ADR 002 and migration 0013's way of reading the settings.
CREATE TABLE "attendance_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"late_signing_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_settings_late_signing_minutes_check" CHECK ("attendance_settings"."late_signing_minutes" between 0 and 10080)
);
--> statement-breakpoint
CREATE TABLE "attendance_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"session_title" text NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_slots_period_check" CHECK ("attendance_slots"."period" in ('morning', 'afternoon')),
	CONSTRAINT "attendance_slots_range_check" CHECK ("attendance_slots"."ends_at" > "attendance_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"status" text,
	"absence_reason" text,
	"absence_file_id" uuid,
	"marked_by" text,
	"marked_at" timestamp with time zone,
	CONSTRAINT "attendance_records_status_check" CHECK ("attendance_records"."status" is null or "attendance_records"."status" in ('attended', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "attendance_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"signer_id" text NOT NULL,
	"signer_role" text NOT NULL,
	"signer_name" text NOT NULL,
	"method" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"image" text NOT NULL,
	"image_hash" text NOT NULL,
	"sequence" integer NOT NULL,
	"previous_hash" text,
	"hash" text NOT NULL,
	CONSTRAINT "attendance_signatures_signer_role_check" CHECK ("attendance_signatures"."signer_role" in ('student', 'trainer')),
	CONSTRAINT "attendance_signatures_method_check" CHECK ("attendance_signatures"."method" in ('link', 'qr', 'in_person'))
);
--> statement-breakpoint
CREATE TABLE "attendance_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_settings" ADD CONSTRAINT "attendance_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_slots" ADD CONSTRAINT "attendance_slots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_slots" ADD CONSTRAINT "attendance_slots_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_slot_id_attendance_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."attendance_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_absence_file_id_stored_files_id_fk" FOREIGN KEY ("absence_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_marked_by_auth_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_signatures" ADD CONSTRAINT "attendance_signatures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_signatures" ADD CONSTRAINT "attendance_signatures_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_signatures" ADD CONSTRAINT "attendance_signatures_slot_id_attendance_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."attendance_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_signatures" ADD CONSTRAINT "attendance_signatures_signer_id_auth_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_tokens" ADD CONSTRAINT "attendance_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_tokens" ADD CONSTRAINT "attendance_tokens_slot_id_attendance_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."attendance_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_tokens" ADD CONSTRAINT "attendance_tokens_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_settings_organization_id_idx" ON "attendance_settings" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_slots_session_id_starts_at_idx" ON "attendance_slots" USING btree ("session_id","starts_at");--> statement-breakpoint
CREATE INDEX "attendance_slots_organization_id_idx" ON "attendance_slots" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_records_slot_id_student_id_idx" ON "attendance_records" USING btree ("slot_id","student_id");--> statement-breakpoint
CREATE INDEX "attendance_records_student_id_idx" ON "attendance_records" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "attendance_records_organization_id_idx" ON "attendance_records" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "attendance_records_absence_file_id_idx" ON "attendance_records" USING btree ("absence_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_signatures_session_id_sequence_idx" ON "attendance_signatures" USING btree ("session_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_signatures_slot_id_signer_id_idx" ON "attendance_signatures" USING btree ("slot_id","signer_id");--> statement-breakpoint
CREATE INDEX "attendance_signatures_signer_id_idx" ON "attendance_signatures" USING btree ("signer_id");--> statement-breakpoint
CREATE INDEX "attendance_signatures_organization_id_idx" ON "attendance_signatures" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_tokens_token_hash_idx" ON "attendance_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "attendance_tokens_slot_id_idx" ON "attendance_tokens" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "attendance_tokens_student_id_idx" ON "attendance_tokens" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "attendance_tokens_organization_id_idx" ON "attendance_tokens" USING btree ("organization_id");--> statement-breakpoint
-- The late-signing rule: members read it (a learner's signature is checked against it), staff set it.
GRANT SELECT, INSERT, UPDATE ON attendance_settings TO cursus_app;
--> statement-breakpoint
ALTER TABLE attendance_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_settings_read ON attendance_settings FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_organization_id()));
--> statement-breakpoint
CREATE POLICY attendance_settings_insert ON attendance_settings FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY attendance_settings_update ON attendance_settings FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- A signing link is followed signed out: cursus_service reads the rule of the slot's organisation.
GRANT SELECT ON attendance_settings TO cursus_service;
--> statement-breakpoint
CREATE POLICY attendance_settings_service_read ON attendance_settings FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
-- Records first: the slots' learner policy reads them. A learner reads their own rows only; staff
-- write them (the sheet's learners, presence, justified absences).
GRANT SELECT, INSERT, UPDATE ON attendance_records TO cursus_app;
--> statement-breakpoint
ALTER TABLE attendance_records ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_records_read ON attendance_records FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()))
);
--> statement-breakpoint
CREATE POLICY attendance_records_insert ON attendance_records FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY attendance_records_update ON attendance_records FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The orphaned files sweep keeps the absences' justification documents (attendance-file-access.ts).
GRANT SELECT ON attendance_records TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY attendance_records_jobs_read ON attendance_records FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
-- Slots: staff create them with the sheet; a learner reads the slots they are expected at. The
-- signing link is followed signed out: cursus_service reads the slot its token names.
GRANT SELECT, INSERT ON attendance_slots TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (session_title) ON attendance_slots TO cursus_app;
--> statement-breakpoint
-- A sheet nobody has signed yet is rewritten when its session's date or length changed.
GRANT DELETE ON attendance_slots TO cursus_app;
--> statement-breakpoint
GRANT SELECT ON attendance_slots TO cursus_service;
--> statement-breakpoint
ALTER TABLE attendance_slots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_slots FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_slots_read ON attendance_slots FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (
    organization_id = (SELECT app_organization_id())
    AND id IN (SELECT r.slot_id FROM attendance_records r WHERE r.student_id = (SELECT app_user_id()))
  )
);
--> statement-breakpoint
CREATE POLICY attendance_slots_insert ON attendance_slots FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY attendance_slots_update ON attendance_slots FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY attendance_slots_delete ON attendance_slots FOR DELETE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY attendance_slots_service_read ON attendance_slots FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
-- Signatures: every one is appended by cursus_service, after the request's own checks, because the
-- chain's next link needs the sheet's previous hash, which a learner may not read. Nobody may
-- update or delete one at run time. Staff read their organisation's, a learner their own.
GRANT SELECT ON attendance_signatures TO cursus_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON attendance_signatures TO cursus_service;
--> statement-breakpoint
ALTER TABLE attendance_signatures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_signatures FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_signatures_read ON attendance_signatures FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND signer_id = (SELECT app_user_id()))
);
--> statement-breakpoint
CREATE POLICY attendance_signatures_service_read ON attendance_signatures FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY attendance_signatures_service_insert ON attendance_signatures FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
-- Signing links: staff issue them; following one (signed out) reads and spends it as cursus_service.
GRANT INSERT ON attendance_tokens TO cursus_app;
--> statement-breakpoint
GRANT SELECT ON attendance_tokens TO cursus_service;
--> statement-breakpoint
GRANT UPDATE (used_at) ON attendance_tokens TO cursus_service;
--> statement-breakpoint
ALTER TABLE attendance_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_tokens_insert ON attendance_tokens FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY attendance_tokens_service_read ON attendance_tokens FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY attendance_tokens_service_update ON attendance_tokens FOR UPDATE TO cursus_service
  USING (true) WITH CHECK (true);
