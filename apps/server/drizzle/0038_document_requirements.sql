-- Document requirements (issue 17 point 3): what the platform's admins require of organisations and
-- of their learners, and the admins' reviews of the documents that answer each. docs/admin-people.md
-- says how a document is matched to a requirement.
-- A requirement is platform data (no organisation): every organisation's members read the
-- catalogue, only admins write it. Under Citus it would be a reference table.
CREATE TABLE "document_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"audience" text NOT NULL,
	"action_categories" text[] DEFAULT '{}' NOT NULL,
	"certifying_only" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"document_category" text NOT NULL,
	"title_keyword" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requirements_audience_check" CHECK ("document_requirements"."audience" in ('organization', 'learner')),
	CONSTRAINT "document_requirements_action_categories_check" CHECK ("document_requirements"."action_categories" <@ array['training', 'skills_assessment', 'vae', 'apprenticeship']::text[]),
	CONSTRAINT "document_requirements_document_category_check" CHECK ("document_requirements"."document_category" in ('internal_rules', 'programme', 'terms', 'template', 'convocation', 'convention', 'other'))
);
--> statement-breakpoint
-- One review per requirement and document, replaced by the next one; `document_version` is the
-- version reviewed: a newer version is to review again. `student_id` is the learner the document
-- is for (null: the organisation's own), so a learner reads the reviews of their own papers.
CREATE TABLE "document_requirement_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"student_id" text,
	"document_version" integer NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewer_name" text,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requirement_reviews_status_check" CHECK ("document_requirement_reviews"."status" in ('valid', 'refused')),
	CONSTRAINT "document_requirement_reviews_version_check" CHECK ("document_requirement_reviews"."document_version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "document_requirements" ADD CONSTRAINT "document_requirements_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requirement_reviews" ADD CONSTRAINT "document_requirement_reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requirement_reviews" ADD CONSTRAINT "document_requirement_reviews_requirement_id_document_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."document_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requirement_reviews" ADD CONSTRAINT "document_requirement_reviews_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requirement_reviews" ADD CONSTRAINT "document_requirement_reviews_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requirement_reviews" ADD CONSTRAINT "document_requirement_reviews_reviewed_by_auth_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_requirements_audience_name_idx" ON "document_requirements" USING btree ("audience","name");--> statement-breakpoint
CREATE INDEX "document_requirements_created_by_idx" ON "document_requirements" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "document_requirement_reviews_requirement_id_document_id_idx" ON "document_requirement_reviews" USING btree ("requirement_id","document_id");--> statement-breakpoint
CREATE INDEX "document_requirement_reviews_organization_id_idx" ON "document_requirement_reviews" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "document_requirement_reviews_document_id_idx" ON "document_requirement_reviews" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_requirement_reviews_student_id_idx" ON "document_requirement_reviews" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "document_requirement_reviews_reviewed_by_idx" ON "document_requirement_reviews" USING btree ("reviewed_by");--> statement-breakpoint
-- Matching a requirement reads an organisation's (or a learner's) newest document of a category.
CREATE INDEX "documents_organization_id_category_updated_at_idx" ON "documents" USING btree ("organization_id","category","updated_at" DESC NULLS LAST);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON document_requirements TO cursus_app;
--> statement-breakpoint
ALTER TABLE document_requirements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE document_requirements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_requirements_read ON document_requirements FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR (SELECT app_organization_id()) IS NOT NULL);
--> statement-breakpoint
CREATE POLICY document_requirements_insert ON document_requirements FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()));
--> statement-breakpoint
CREATE POLICY document_requirements_update ON document_requirements FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin())) WITH CHECK ((SELECT app_is_admin()));
--> statement-breakpoint
CREATE POLICY document_requirements_delete ON document_requirements FOR DELETE TO cursus_app
  USING ((SELECT app_is_admin()));
--> statement-breakpoint
-- Staff read their organisation's reviews, a learner those of their own papers; only admins review.
GRANT SELECT, INSERT ON document_requirement_reviews TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (document_version, status, comment, reviewed_by, reviewer_name, reviewed_at) ON document_requirement_reviews TO cursus_app;
--> statement-breakpoint
ALTER TABLE document_requirement_reviews ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE document_requirement_reviews FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_requirement_reviews_read ON document_requirement_reviews FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id())
  OR (organization_id = (SELECT app_organization_id()) AND student_id = (SELECT app_user_id()))
);
--> statement-breakpoint
CREATE POLICY document_requirement_reviews_insert ON document_requirement_reviews FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()));
--> statement-breakpoint
CREATE POLICY document_requirement_reviews_update ON document_requirement_reviews FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin())) WITH CHECK ((SELECT app_is_admin()));
