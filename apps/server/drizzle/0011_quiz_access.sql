CREATE TABLE "positioning_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"course_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"sent_by" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"attempt_id" uuid,
	"answered_at" timestamp with time zone,
	"user_id" text,
	CONSTRAINT "positioning_tokens_language_check" CHECK ("positioning_tokens"."language" in ('fr', 'en')),
	CONSTRAINT "positioning_tokens_expiry_check" CHECK ("positioning_tokens"."expires_at" > "positioning_tokens"."sent_at")
);
--> statement-breakpoint
CREATE TABLE "quiz_public_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "positioning_tokens" ADD CONSTRAINT "positioning_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positioning_tokens" ADD CONSTRAINT "positioning_tokens_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positioning_tokens" ADD CONSTRAINT "positioning_tokens_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positioning_tokens" ADD CONSTRAINT "positioning_tokens_sent_by_auth_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positioning_tokens" ADD CONSTRAINT "positioning_tokens_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positioning_tokens" ADD CONSTRAINT "positioning_tokens_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_public_links" ADD CONSTRAINT "quiz_public_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_public_links" ADD CONSTRAINT "quiz_public_links_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_public_links" ADD CONSTRAINT "quiz_public_links_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "positioning_tokens_token_hash_idx" ON "positioning_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "positioning_tokens_attempt_id_idx" ON "positioning_tokens" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "positioning_tokens_organization_id_course_id_sent_at_idx" ON "positioning_tokens" USING btree ("organization_id","course_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "positioning_tokens_quiz_id_idx" ON "positioning_tokens" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "positioning_tokens_user_id_idx" ON "positioning_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "positioning_tokens_unattached_email_idx" ON "positioning_tokens" USING btree ("email") WHERE "positioning_tokens"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_public_links_quiz_id_idx" ON "quiz_public_links" USING btree ("quiz_id");--> statement-breakpoint
-- Tenant isolation (ADR 002), written by hand. The organisation's staff send, read and withdraw
-- invitations and switch public links. Guests' attempts are rows of quiz_attempts (0010), which
-- its own policies let the staff read.
GRANT SELECT, INSERT, UPDATE (revoked_at) ON positioning_tokens TO cursus_app;
--> statement-breakpoint
ALTER TABLE positioning_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE positioning_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY positioning_tokens_staff ON positioning_tokens TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE (is_enabled, updated_by, updated_at) ON quiz_public_links TO cursus_app;
--> statement-breakpoint
ALTER TABLE quiz_public_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quiz_public_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY quiz_public_links_staff ON quiz_public_links TO cursus_app
  USING (app_is_staff_of(organization_id)) WITH CHECK (app_is_staff_of(organization_id));
--> statement-breakpoint
-- Visitors have no tenant: their requests run as cursus_service, which finds an invitation only by
-- its token's hash (the code's one lookup), marks it answered, links its attempt and attaches it to
-- the account with its address. That role, which also serves sign-in, reads a quiz, its questions
-- and a formation only when an enabled public link or an invitation names them, and writes only
-- guests' attempts (never a learner's, never with an account).
GRANT SELECT, UPDATE (attempt_id, answered_at, user_id) ON positioning_tokens TO cursus_service;
--> statement-breakpoint
CREATE POLICY positioning_tokens_service ON positioning_tokens TO cursus_service USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT ON quiz_public_links TO cursus_service;
--> statement-breakpoint
CREATE POLICY quiz_public_links_service_read ON quiz_public_links FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
CREATE FUNCTION guest_quiz_ids() RETURNS SETOF uuid LANGUAGE sql STABLE
  AS $$ SELECT quiz_id FROM quiz_public_links WHERE is_enabled UNION SELECT quiz_id FROM positioning_tokens $$;
--> statement-breakpoint
GRANT SELECT ON quizzes, quiz_question_links, quiz_draws, quiz_questions, courses TO cursus_service;
--> statement-breakpoint
CREATE POLICY quizzes_service_guest_read ON quizzes FOR SELECT TO cursus_service
  USING (id IN (SELECT guest_quiz_ids()));
--> statement-breakpoint
CREATE POLICY quiz_question_links_service_guest_read ON quiz_question_links FOR SELECT TO cursus_service
  USING (quiz_id IN (SELECT guest_quiz_ids()));
--> statement-breakpoint
CREATE POLICY quiz_draws_service_guest_read ON quiz_draws FOR SELECT TO cursus_service
  USING (quiz_id IN (SELECT guest_quiz_ids()));
--> statement-breakpoint
-- Draws pick among a category's questions: those of organisations with a guest quiz.
CREATE POLICY quiz_questions_service_guest_read ON quiz_questions FOR SELECT TO cursus_service
  USING (organization_id IN (SELECT organization_id FROM quizzes WHERE id IN (SELECT guest_quiz_ids())));
--> statement-breakpoint
CREATE POLICY courses_service_positioning_read ON courses FOR SELECT TO cursus_service
  USING (id IN (SELECT course_id FROM positioning_tokens));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE (answers, status, submitted_at, score_points, score_percent, passed, updated_at) ON quiz_attempts TO cursus_service;
--> statement-breakpoint
CREATE POLICY quiz_attempts_service_guests ON quiz_attempts TO cursus_service
  USING (source IN ('public', 'positioning'))
  WITH CHECK (source IN ('public', 'positioning') AND user_id IS NULL);
