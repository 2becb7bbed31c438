-- Emails, their preferences and the reminder jobs (issue 14 points 6 and 7).
-- The outbox keeps a message's extra headers (List-Unsubscribe) and its iCalendar attachment, so a
-- retry sends the same message; both are blanked with the body (email.service.ts retention).
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "ics" text;
--> statement-breakpoint
GRANT UPDATE (headers, ics) ON email_outbox TO cursus_jobs;
--> statement-breakpoint
-- The kinds of email each person turned off. A person's own choice, not an organisation's data: no
-- organization_id, the row follows the person. Row-level security keeps each to their own rows.
CREATE TABLE "email_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON email_preferences TO cursus_app;
--> statement-breakpoint
-- cursus_service reads them before queuing an email and writes them for a signed unsubscribe link
-- (no session: the token names the person and the kind).
GRANT SELECT, INSERT, UPDATE ON email_preferences TO cursus_service;
--> statement-breakpoint
ALTER TABLE email_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE email_preferences FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY email_preferences_own ON email_preferences TO cursus_app
  USING (user_id = (SELECT app_user_id())) WITH CHECK (user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY email_preferences_service ON email_preferences TO cursus_service USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The reminders already sent: the unique key keeps each to once across restarts and instances.
CREATE TABLE "sent_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sent_reminders_user_id_kind_reference_idx" ON "sent_reminders" USING btree ("user_id","kind","reference");
--> statement-breakpoint
CREATE INDEX "sent_reminders_organization_id_idx" ON "sent_reminders" USING btree ("organization_id");
--> statement-breakpoint
-- Only the jobs write and read the ledger; no request reaches it.
GRANT SELECT, INSERT ON sent_reminders TO cursus_jobs;
--> statement-breakpoint
ALTER TABLE sent_reminders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sent_reminders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sent_reminders_jobs ON sent_reminders TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The reminder jobs go through every organisation's enrolments and formation titles (courses
-- module's listEnrollmentsForReminders); the time-tracking read is covered by 0009.
GRANT SELECT (organization_id, course_id, student_id, progress, created_at) ON course_enrollments TO cursus_jobs;
--> statement-breakpoint
GRANT SELECT (id, title, status, archived_at) ON courses TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY course_enrollments_jobs_read ON course_enrollments FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
CREATE POLICY courses_jobs_read ON courses FOR SELECT TO cursus_jobs USING (true);
