-- The marketplace (issue 16 point 8): formation templates as frozen snapshots, and the imports of
-- each into an organisation. docs/marketplace.md says why a listing is a snapshot.
-- A listing is published by an organisation (organization_id) or by the platform (NULL: an admin
-- published it, it is no organisation's data). The publisher's name is part of the snapshot: the
-- catalogue's readers cannot read other organisations' rows. Platform listings would be a reference table under
-- Citus, the organisations' ones distributed on organization_id like every tenant table.
CREATE TABLE "marketplace_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"source_course_id" uuid,
	"publisher_name" text,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"category" text NOT NULL,
	"level" text NOT NULL,
	"language" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"module_count" integer NOT NULL,
	"lesson_count" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"import_count" integer DEFAULT 0 NOT NULL,
	"shared_by" text,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_listings_category_check" CHECK ("marketplace_listings"."category" in ('safety', 'office', 'digital', 'compliance', 'management', 'communication', 'languages', 'sales', 'health', 'other')),
	CONSTRAINT "marketplace_listings_level_check" CHECK ("marketplace_listings"."level" in ('beginner', 'intermediate', 'advanced')),
	CONSTRAINT "marketplace_listings_language_check" CHECK ("marketplace_listings"."language" in ('fr', 'en')),
	CONSTRAINT "marketplace_listings_counts_check" CHECK ("marketplace_listings"."duration_minutes" >= 0 and "marketplace_listings"."module_count" >= 0 and "marketplace_listings"."lesson_count" >= 0 and "marketplace_listings"."import_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"listing_id" uuid,
	"course_id" uuid NOT NULL,
	"listing_title" text NOT NULL,
	"imported_by" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_source_course_id_courses_id_fk" FOREIGN KEY ("source_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_shared_by_auth_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_imports" ADD CONSTRAINT "marketplace_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_imports" ADD CONSTRAINT "marketplace_imports_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_imports" ADD CONSTRAINT "marketplace_imports_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_imports" ADD CONSTRAINT "marketplace_imports_imported_by_auth_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One listing per formation: sharing it again replaces the snapshot.
CREATE UNIQUE INDEX "marketplace_listings_source_course_id_idx" ON "marketplace_listings" USING btree ("source_course_id");--> statement-breakpoint
CREATE INDEX "marketplace_listings_shared_at_idx" ON "marketplace_listings" USING btree ("shared_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketplace_listings_organization_id_shared_at_idx" ON "marketplace_listings" USING btree ("organization_id","shared_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketplace_listings_title_trgm_idx" ON "marketplace_listings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_imports_organization_id_imported_at_idx" ON "marketplace_imports" USING btree ("organization_id","imported_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketplace_imports_listing_id_idx" ON "marketplace_imports" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "marketplace_imports_course_id_idx" ON "marketplace_imports" USING btree ("course_id");--> statement-breakpoint
-- Every organisation's staff reads the catalogue; only the publishing organisation's staff, or an
-- admin, writes a listing, and only admins a platform one (organization_id NULL matches no staff).
GRANT SELECT, INSERT, DELETE ON marketplace_listings TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (publisher_name, title, summary, category, level, language, duration_minutes, module_count, lesson_count, snapshot, shared_by, shared_at) ON marketplace_listings TO cursus_app;
--> statement-breakpoint
ALTER TABLE marketplace_listings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE marketplace_listings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY marketplace_listings_read ON marketplace_listings FOR SELECT TO cursus_app USING (
  (SELECT app_is_admin()) OR (SELECT app_staff_organization_id()) IS NOT NULL
);
--> statement-breakpoint
CREATE POLICY marketplace_listings_insert ON marketplace_listings FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY marketplace_listings_update ON marketplace_listings FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY marketplace_listings_delete ON marketplace_listings FOR DELETE TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- An import by another organisation counts on the listing, a record written for someone else: the
-- service role adds one, and may change nothing else (column grant).
GRANT SELECT, UPDATE (import_count) ON marketplace_listings TO cursus_service;
--> statement-breakpoint
CREATE POLICY marketplace_listings_service_count ON marketplace_listings FOR UPDATE TO cursus_service
  USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY marketplace_listings_service_read ON marketplace_listings FOR SELECT TO cursus_service USING (true);
--> statement-breakpoint
-- Where each imported formation came from: the importing organisation's own record.
GRANT SELECT, INSERT ON marketplace_imports TO cursus_app;
--> statement-breakpoint
ALTER TABLE marketplace_imports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE marketplace_imports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY marketplace_imports_read ON marketplace_imports FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY marketplace_imports_insert ON marketplace_imports FOR INSERT TO cursus_app
  WITH CHECK ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
