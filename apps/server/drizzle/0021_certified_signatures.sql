-- Certified signatures (issue 15 point 3): a learner signs a completed formation or module; the
-- organisation's staff follow them and send reminders. Tenant table, ADR 002 and 0013's policy style.
CREATE TABLE "certified_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"formation_id" uuid NOT NULL,
	"signature_type" text NOT NULL,
	"signature_status" text DEFAULT 'pending' NOT NULL,
	"module_id" uuid,
	"module_index" integer,
	"progress" integer,
	"tracked_seconds" integer,
	"signature_image" text,
	"signature_hash" text,
	"content_hash" text,
	"ip_address" text,
	"user_agent" text,
	"signed_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certified_signatures_type_check" CHECK ("certified_signatures"."signature_type" in ('formation_completion', 'module_completion')),
	CONSTRAINT "certified_signatures_status_check" CHECK ("certified_signatures"."signature_status" in ('pending', 'signed', 'expired', 'error')),
	CONSTRAINT "certified_signatures_module_check" CHECK (("certified_signatures"."signature_type" = 'module_completion') = ("certified_signatures"."module_id" is not null and "certified_signatures"."module_index" is not null)),
	CONSTRAINT "certified_signatures_signed_check" CHECK ("certified_signatures"."signature_status" <> 'signed' or ("certified_signatures"."signed_at" is not null and "certified_signatures"."signature_image" is not null and "certified_signatures"."content_hash" is not null)),
	CONSTRAINT "certified_signatures_image_size_check" CHECK (octet_length("certified_signatures"."signature_image") <= 200000)
);
--> statement-breakpoint
ALTER TABLE "certified_signatures" ADD CONSTRAINT "certified_signatures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certified_signatures" ADD CONSTRAINT "certified_signatures_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certified_signatures" ADD CONSTRAINT "certified_signatures_formation_id_courses_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certified_signatures" ADD CONSTRAINT "certified_signatures_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certified_signatures_formation_idx" ON "certified_signatures" USING btree ("user_id","formation_id") WHERE "certified_signatures"."signature_type" = 'formation_completion';--> statement-breakpoint
CREATE UNIQUE INDEX "certified_signatures_module_idx" ON "certified_signatures" USING btree ("user_id","module_id") WHERE "certified_signatures"."signature_type" = 'module_completion';--> statement-breakpoint
CREATE INDEX "certified_signatures_organization_id_created_at_idx" ON "certified_signatures" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certified_signatures_formation_id_idx" ON "certified_signatures" USING btree ("formation_id");--> statement-breakpoint
CREATE INDEX "certified_signatures_module_id_idx" ON "certified_signatures" USING btree ("module_id");--> statement-breakpoint
-- Nobody deletes a signature at run time: it is evidence (it goes with its formation or account).
GRANT SELECT, INSERT ON certified_signatures TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (signature_status, module_index, progress, tracked_seconds, signature_image, signature_hash, content_hash, ip_address, user_agent, signed_at, last_reminded_at) ON certified_signatures TO cursus_app;
--> statement-breakpoint
ALTER TABLE certified_signatures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE certified_signatures FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY certified_signatures_read ON certified_signatures FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND user_id = (SELECT app_user_id()))
);
--> statement-breakpoint
-- A learner signs their own; staff record the pending requests of their learners' completions.
CREATE POLICY certified_signatures_learner_insert ON certified_signatures FOR INSERT TO cursus_app
  WITH CHECK (organization_id = (SELECT app_organization_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY certified_signatures_staff_insert ON certified_signatures FOR INSERT TO cursus_app WITH CHECK (
  ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  AND signature_status = 'pending'
);
--> statement-breakpoint
CREATE POLICY certified_signatures_learner_update ON certified_signatures FOR UPDATE TO cursus_app
  USING (organization_id = (SELECT app_organization_id()) AND user_id = (SELECT app_user_id()))
  WITH CHECK (organization_id = (SELECT app_organization_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
-- Staff only stamp a reminder: a row they update keeps its status (a learner's signature stays theirs).
CREATE POLICY certified_signatures_staff_update ON certified_signatures FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK (((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())) AND signature_status <> 'signed');
--> statement-breakpoint
-- The missing-signature job skips the formations already signed (signatures.service.ts).
GRANT SELECT (user_id, formation_id, signature_type, signature_status) ON certified_signatures TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY certified_signatures_jobs_read ON certified_signatures FOR SELECT TO cursus_jobs USING (true);
