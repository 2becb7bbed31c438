-- Funding-platform webhooks (issue 17 point 4; docs/funding-webhooks.md). Each organisation has a
-- receiver and its own secret (AES-256-GCM ciphertext: the HMAC check needs the secret itself, so it
-- is encrypted rather than hashed). Every delivery is logged before anything is done with it
-- (SPEC 3 webhook_logs), then a job applies its effects: registration folders, the learner's
-- account and enrolment.
CREATE TABLE "funding_webhook_endpoints" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"rotated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"delivery_id" text,
	"event_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_authenticated" boolean DEFAULT false NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_logs_status_check" CHECK ("webhook_logs"."status" in ('pending', 'processed', 'success', 'error', 'failed')),
	CONSTRAINT "webhook_logs_attempts_check" CHECK ("webhook_logs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "funding_training_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"course_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_registration_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"folder_number" text NOT NULL,
	"state" text NOT NULL,
	"student_id" text,
	"course_id" uuid,
	"start_date" date,
	"end_date" date,
	"enrolled_by_folder" boolean DEFAULT false NOT NULL,
	"last_log_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_registration_folders_dates_check" CHECK ("funding_registration_folders"."end_date" is null or "funding_registration_folders"."start_date" is null or "funding_registration_folders"."end_date" >= "funding_registration_folders"."start_date")
);
--> statement-breakpoint
ALTER TABLE "funding_webhook_endpoints" ADD CONSTRAINT "funding_webhook_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_webhook_endpoints" ADD CONSTRAINT "funding_webhook_endpoints_rotated_by_auth_users_id_fk" FOREIGN KEY ("rotated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_training_references" ADD CONSTRAINT "funding_training_references_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_training_references" ADD CONSTRAINT "funding_training_references_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_registration_folders" ADD CONSTRAINT "funding_registration_folders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_registration_folders" ADD CONSTRAINT "funding_registration_folders_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_registration_folders" ADD CONSTRAINT "funding_registration_folders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_registration_folders" ADD CONSTRAINT "funding_registration_folders_last_log_id_webhook_logs_id_fk" FOREIGN KEY ("last_log_id") REFERENCES "public"."webhook_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_webhook_endpoints_rotated_by_idx" ON "funding_webhook_endpoints" USING btree ("rotated_by");--> statement-breakpoint
-- A delivery id is processed once per organisation; only a signed delivery claims its id, so a forged
-- one cannot block the genuine delivery that follows.
CREATE UNIQUE INDEX "webhook_logs_organization_id_delivery_id_idx" ON "webhook_logs" USING btree ("organization_id","delivery_id") WHERE "webhook_logs"."is_authenticated" and "webhook_logs"."delivery_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_logs_created_at_idx" ON "webhook_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_logs_organization_id_created_at_idx" ON "webhook_logs" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The job's queue: deliveries waiting, or failed for a reason that may pass.
CREATE INDEX "webhook_logs_due_idx" ON "webhook_logs" USING btree ("created_at") WHERE "webhook_logs"."status" in ('pending', 'error');--> statement-breakpoint
CREATE UNIQUE INDEX "funding_training_references_organization_id_reference_idx" ON "funding_training_references" USING btree ("organization_id","reference");--> statement-breakpoint
CREATE INDEX "funding_training_references_course_id_idx" ON "funding_training_references" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_registration_folders_organization_id_folder_number_idx" ON "funding_registration_folders" USING btree ("organization_id","folder_number");--> statement-breakpoint
CREATE INDEX "funding_registration_folders_student_id_idx" ON "funding_registration_folders" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "funding_registration_folders_course_id_idx" ON "funding_registration_folders" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "funding_registration_folders_last_log_id_idx" ON "funding_registration_folders" USING btree ("last_log_id");--> statement-breakpoint
-- Endpoints: admins read, create and rotate them; the receiver (a public request, no tenant) reads
-- the secret as the service role.
GRANT SELECT, INSERT ON funding_webhook_endpoints TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (secret_ciphertext, rotated_by, rotated_at) ON funding_webhook_endpoints TO cursus_app;
--> statement-breakpoint
ALTER TABLE funding_webhook_endpoints ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE funding_webhook_endpoints FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY funding_webhook_endpoints_admin ON funding_webhook_endpoints TO cursus_app
  USING ((SELECT app_is_admin())) WITH CHECK ((SELECT app_is_admin()));
--> statement-breakpoint
GRANT SELECT (organization_id, secret_ciphertext) ON funding_webhook_endpoints TO cursus_service;
--> statement-breakpoint
CREATE POLICY funding_webhook_endpoints_service_read ON funding_webhook_endpoints FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
-- Logs: the receiver writes them and counts nothing else; the job updates their outcome; admins read
-- every organisation's and send one back to the queue (replay).
GRANT SELECT (id, organization_id, delivery_id, is_authenticated), INSERT ON webhook_logs TO cursus_service;
--> statement-breakpoint
CREATE POLICY webhook_logs_service_read ON webhook_logs FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE POLICY webhook_logs_service_insert ON webhook_logs FOR INSERT TO cursus_service WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, UPDATE (event_type, status, error, attempts, next_attempt_at, claimed_until, processed_at, updated_at) ON webhook_logs TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY webhook_logs_jobs_read ON webhook_logs FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
CREATE POLICY webhook_logs_jobs_update ON webhook_logs FOR UPDATE TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, UPDATE (status, error, attempts, next_attempt_at, claimed_until, updated_at) ON webhook_logs TO cursus_app;
--> statement-breakpoint
ALTER TABLE webhook_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY webhook_logs_admin_read ON webhook_logs FOR SELECT TO cursus_app USING ((SELECT app_is_admin()));
--> statement-breakpoint
CREATE POLICY webhook_logs_admin_replay ON webhook_logs FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin())) WITH CHECK ((SELECT app_is_admin()));
--> statement-breakpoint
-- Training references: admins map the platform's references to formations; the job reads them.
GRANT SELECT, INSERT, DELETE ON funding_training_references TO cursus_app;
--> statement-breakpoint
ALTER TABLE funding_training_references ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE funding_training_references FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY funding_training_references_admin ON funding_training_references TO cursus_app
  USING ((SELECT app_is_admin())) WITH CHECK ((SELECT app_is_admin()));
--> statement-breakpoint
GRANT SELECT ON funding_training_references TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY funding_training_references_jobs_read ON funding_training_references FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
-- Registration folders are the job's own record of each folder's state and dates.
GRANT SELECT, INSERT, UPDATE ON funding_registration_folders TO cursus_jobs;
--> statement-breakpoint
ALTER TABLE funding_registration_folders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE funding_registration_folders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY funding_registration_folders_jobs ON funding_registration_folders TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The job enrols (and, for a canceled folder, unenrols) the folder's learner in the same transaction
-- as it marks the delivery processed, and recomputes that learner's progress (modules/courses
-- funding-enrollments.ts): the columns those statements read and write.
GRANT INSERT, DELETE, UPDATE (progress, updated_at) ON course_enrollments TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY course_enrollments_jobs_insert ON course_enrollments FOR INSERT TO cursus_jobs WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY course_enrollments_jobs_update ON course_enrollments FOR UPDATE TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY course_enrollments_jobs_delete ON course_enrollments FOR DELETE TO cursus_jobs USING (true);
--> statement-breakpoint
GRANT SELECT (id, lesson_id) ON lesson_completions TO cursus_jobs;
--> statement-breakpoint
GRANT SELECT (organization_id) ON courses TO cursus_jobs;
