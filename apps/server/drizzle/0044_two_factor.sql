CREATE TABLE "auth_two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_two_factor_policies" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"staff_required" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_two_factors" ADD CONSTRAINT "auth_two_factors_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_two_factor_policies" ADD CONSTRAINT "organization_two_factor_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_two_factors_user_id_idx" ON "auth_two_factors" USING btree ("user_id");--> statement-breakpoint
-- better-auth's twoFactor plugin runs as cursus_service like the rest of better-auth; the request role
-- holds nothing on the secrets and recovery codes (both encrypted by the plugin anyway).
GRANT SELECT, INSERT, UPDATE, DELETE ON auth_two_factors TO cursus_service;
--> statement-breakpoint
GRANT UPDATE (two_factor_enabled) ON auth_users TO cursus_service;
--> statement-breakpoint
-- An organisation's staff read and set their own organisation's requirement, admins read any; the
-- session check reads it as cursus_service for whoever signs in.
GRANT SELECT, INSERT, UPDATE ON organization_two_factor_policies TO cursus_app;
--> statement-breakpoint
GRANT SELECT ON organization_two_factor_policies TO cursus_service;
--> statement-breakpoint
ALTER TABLE organization_two_factor_policies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE organization_two_factor_policies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organization_two_factor_policies_read ON organization_two_factor_policies FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()) OR organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY organization_two_factor_policies_staff_insert ON organization_two_factor_policies FOR INSERT TO cursus_app
  WITH CHECK (organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY organization_two_factor_policies_staff_update ON organization_two_factor_policies FOR UPDATE TO cursus_app
  USING (organization_id = (SELECT app_staff_organization_id()))
  WITH CHECK (organization_id = (SELECT app_staff_organization_id()));
--> statement-breakpoint
CREATE POLICY organization_two_factor_policies_service_read ON organization_two_factor_policies FOR SELECT TO cursus_service
  USING (true);
