ALTER TABLE "auth_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- Admins disable and re-enable accounts through the auth module, which runs as cursus_service; the
-- request role holds nothing on auth_users.
GRANT UPDATE (disabled_at) ON auth_users TO cursus_service;
