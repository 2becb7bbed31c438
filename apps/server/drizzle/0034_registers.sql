-- The Qualiopi registers (issue 17 point 2): complaints and difficulties (indicator 31), improvement
-- actions (32, an organisation's or the platform's) and the watch registers (23, 24, 25). They are
-- what an auditor reads: nobody deletes an entry, and a closed one is kept as it was (the service).
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"student_id" text,
	"question_id" uuid,
	"conversation_id" uuid,
	"received_on" date NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_on" date,
	"closed_on" date,
	"handler_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_kind_check" CHECK ("complaints"."kind" in ('complaint', 'difficulty')),
	CONSTRAINT "complaints_source_check" CHECK ("complaints"."source" in ('question', 'message', 'email', 'phone', 'typed_in')),
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('open', 'in_progress', 'answered', 'closed')),
	CONSTRAINT "complaints_links_check" CHECK (("complaints"."question_id" is null or "complaints"."source" = 'question') and ("complaints"."conversation_id" is null or "complaints"."source" = 'message')),
	CONSTRAINT "complaints_answer_check" CHECK ("complaints"."status" not in ('answered', 'closed') or ("complaints"."answer" is not null and "complaints"."answered_on" is not null)),
	CONSTRAINT "complaints_days_check" CHECK (("complaints"."answered_on" is null or "complaints"."answered_on" >= "complaints"."received_on") and ("complaints"."closed_on" is null or "complaints"."closed_on" >= "complaints"."received_on")),
	CONSTRAINT "complaints_closed_check" CHECK (("complaints"."status" = 'closed') = ("complaints"."closed_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "improvement_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"origin" text NOT NULL,
	"complaint_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"owner_id" text,
	"due_on" date,
	"status" text DEFAULT 'planned' NOT NULL,
	"closure_note" text,
	"closure_file_id" uuid,
	"closed_on" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "improvement_actions_origin_check" CHECK ("improvement_actions"."origin" in ('complaint', 'satisfaction_survey', 'audit', 'trainer_feedback', 'learner_feedback', 'watch', 'other')),
	CONSTRAINT "improvement_actions_status_check" CHECK ("improvement_actions"."status" in ('planned', 'in_progress', 'done', 'abandoned')),
	CONSTRAINT "improvement_actions_complaint_check" CHECK ("improvement_actions"."complaint_id" is null or ("improvement_actions"."origin" = 'complaint' and "improvement_actions"."organization_id" is not null)),
	CONSTRAINT "improvement_actions_closed_check" CHECK (("improvement_actions"."status" in ('done', 'abandoned')) = ("improvement_actions"."closed_on" is not null and "improvement_actions"."closure_note" is not null))
);
--> statement-breakpoint
CREATE TABLE "watch_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"indicator" integer NOT NULL,
	"observed_on" date NOT NULL,
	"source" text NOT NULL,
	"summary" text NOT NULL,
	"impact" text NOT NULL,
	"improvement_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_entries_indicator_check" CHECK ("watch_entries"."indicator" in (23, 24, 25))
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_question_id_student_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."student_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_handler_id_auth_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_closure_file_id_stored_files_id_fk" FOREIGN KEY ("closure_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_entries" ADD CONSTRAINT "watch_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_entries" ADD CONSTRAINT "watch_entries_improvement_id_improvement_actions_id_fk" FOREIGN KEY ("improvement_id") REFERENCES "public"."improvement_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_entries" ADD CONSTRAINT "watch_entries_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_organization_id_received_on_idx" ON "complaints" USING btree ("organization_id","received_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_student_id_idx" ON "complaints" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "complaints_question_id_idx" ON "complaints" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "complaints_conversation_id_idx" ON "complaints" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "complaints_handler_id_idx" ON "complaints" USING btree ("handler_id");--> statement-breakpoint
CREATE INDEX "complaints_created_by_idx" ON "complaints" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "improvement_actions_organization_id_created_at_idx" ON "improvement_actions" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "improvement_actions_complaint_id_idx" ON "improvement_actions" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "improvement_actions_owner_id_idx" ON "improvement_actions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "improvement_actions_closure_file_id_idx" ON "improvement_actions" USING btree ("closure_file_id");--> statement-breakpoint
CREATE INDEX "improvement_actions_created_by_idx" ON "improvement_actions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "watch_entries_organization_id_indicator_observed_on_idx" ON "watch_entries" USING btree ("organization_id","indicator","observed_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watch_entries_improvement_id_idx" ON "watch_entries" USING btree ("improvement_id");--> statement-breakpoint
CREATE INDEX "watch_entries_created_by_idx" ON "watch_entries" USING btree ("created_by");--> statement-breakpoint
-- The organisation's staff (or an admin) read and write its entries; learners never. Nothing is
-- deleted, and an entry never changes organisation or author (column grants).
GRANT SELECT, INSERT ON complaints TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (kind, source, student_id, question_id, conversation_id, received_on, subject, description, status, answer, answered_on, closed_on, handler_id, updated_at) ON complaints TO cursus_app;
--> statement-breakpoint
ALTER TABLE complaints ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE complaints FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY complaints_staff_read ON complaints FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY complaints_staff_insert ON complaints FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY complaints_staff_update ON complaints FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- A platform action (organization_id NULL) matches no staff: admins only.
GRANT SELECT, INSERT ON improvement_actions TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (origin, complaint_id, title, description, owner_id, due_on, status, closure_note, closure_file_id, closed_on, updated_at) ON improvement_actions TO cursus_app;
--> statement-breakpoint
ALTER TABLE improvement_actions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE improvement_actions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY improvement_actions_staff_read ON improvement_actions FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY improvement_actions_staff_insert ON improvement_actions FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY improvement_actions_staff_update ON improvement_actions FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The orphan files sweep keeps every closure evidence file an action names.
GRANT SELECT ON improvement_actions TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY improvement_actions_jobs_read ON improvement_actions FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON watch_entries TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (indicator, observed_on, source, summary, impact, improvement_id, updated_at) ON watch_entries TO cursus_app;
--> statement-breakpoint
ALTER TABLE watch_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE watch_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY watch_entries_staff_read ON watch_entries FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY watch_entries_staff_insert ON watch_entries FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY watch_entries_staff_update ON watch_entries FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
