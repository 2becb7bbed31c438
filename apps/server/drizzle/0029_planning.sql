-- Planning (issue 16 point 7): a formation's first and last days, shown on the calendar as an
-- all-day span, and each person's private iCalendar feed. Tenant table, ADR 002.
ALTER TABLE "courses" ADD COLUMN "starts_on" date;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "ends_on" date;
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_dates_check" CHECK ("courses"."ends_on" is null or "courses"."starts_on" is null or "courses"."ends_on" >= "courses"."starts_on");
--> statement-breakpoint
-- The calendar reads one organisation's dated formations over a period.
CREATE INDEX "courses_organization_id_starts_on_idx" ON "courses" USING btree ("organization_id","starts_on") WHERE "courses"."starts_on" is not null or "courses"."ends_on" is not null;
--> statement-breakpoint
CREATE TABLE "planning_feed_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planning_feed_tokens" ADD CONSTRAINT "planning_feed_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_feed_tokens" ADD CONSTRAINT "planning_feed_tokens_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planning_feed_tokens_user_id_idx" ON "planning_feed_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planning_feed_tokens_token_hash_idx" ON "planning_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "planning_feed_tokens_organization_id_idx" ON "planning_feed_tokens" USING btree ("organization_id");--> statement-breakpoint
-- Each person reads, creates and removes their own subscription, nobody else's (staff included:
-- the URL reads its holder's calendar). Removing needs no organisation, so someone who moved can
-- still clear one left behind.
GRANT SELECT, INSERT, DELETE ON planning_feed_tokens TO cursus_app;
--> statement-breakpoint
ALTER TABLE planning_feed_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE planning_feed_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY planning_feed_tokens_read ON planning_feed_tokens FOR SELECT TO cursus_app USING (
  user_id = (SELECT app_user_id()) AND organization_id = (SELECT app_organization_id())
);
--> statement-breakpoint
CREATE POLICY planning_feed_tokens_insert ON planning_feed_tokens FOR INSERT TO cursus_app WITH CHECK (
  user_id = (SELECT app_user_id()) AND organization_id = (SELECT app_organization_id())
);
--> statement-breakpoint
CREATE POLICY planning_feed_tokens_delete ON planning_feed_tokens FOR DELETE TO cursus_app
  USING (user_id = (SELECT app_user_id()));
--> statement-breakpoint
-- The feed itself has no session: it runs as cursus_service and finds the subscription by the
-- token's SHA-256 alone (256 random bits, reads rate limited), then reads the calendar as its holder.
GRANT SELECT ON planning_feed_tokens TO cursus_service;
--> statement-breakpoint
CREATE POLICY planning_feed_tokens_service_read ON planning_feed_tokens FOR SELECT TO cursus_service USING (true);
