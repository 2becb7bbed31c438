-- Organisation settings and legal info (issue 16 point 9): the logo, brand colour and legal
-- mentions a training organisation prints on its documents. Columns of organizations (one row per
-- organisation, read with it). The logo and the Qualiopi certificate are stored files; they carry no
-- foreign key (stored_files already references organizations: the schema modules would import each
-- other), the service checks each one is the organisation's and of the right kind, and the
-- orphaned files sweep keeps them (organization-file-access.ts).
ALTER TABLE "organizations" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "siret" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "activity_declaration_number" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "qualiopi_number" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "qualiopi_issuer" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "qualiopi_valid_until" date;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "qualiopi_file_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "address_line" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "legal_representative_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "legal_representative_title" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "legal_info_updated_at" timestamp with time zone;--> statement-breakpoint
-- The formats the contracts check, kept by the database too (the keys are the contracts' matter).
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_brand_color_check" CHECK ("organizations"."brand_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_siret_check" CHECK ("organizations"."siret" ~ '^[0-9]{14}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_activity_declaration_number_check" CHECK ("organizations"."activity_declaration_number" ~ '^[0-9]{11}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_vat_number_check" CHECK ("organizations"."vat_number" ~ '^FR[0-9]{11}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_postal_code_check" CHECK ("organizations"."postal_code" ~ '^[0-9]{5}$');--> statement-breakpoint
-- Migration 0009 left organisations read-only to the request role. Staff now change their own
-- organisation's settings and legal info, those columns only (never its id nor who created it),
-- through a policy limited to the trainer's organisation (any for admins).
GRANT UPDATE (
  name, logo_file_id, brand_color, siret, activity_declaration_number, qualiopi_number,
  qualiopi_issuer, qualiopi_valid_until, qualiopi_file_id, vat_number, address_line, postal_code,
  city, country, legal_representative_name, legal_representative_title, legal_info_updated_at
) ON organizations TO cursus_app;
--> statement-breakpoint
CREATE POLICY organizations_staff_update ON organizations FOR UPDATE TO cursus_app
  USING ((SELECT app_is_admin()) OR id = (SELECT app_staff_organization_id()))
  WITH CHECK ((SELECT app_is_admin()) OR id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
-- The orphaned files sweep (cursus_jobs) keeps the logo and the Qualiopi certificate: it reads
-- which files each organisation uses, and nothing else of it.
GRANT SELECT (id, logo_file_id, qualiopi_file_id) ON organizations TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY organizations_jobs_files ON organizations FOR SELECT TO cursus_jobs USING (true);
