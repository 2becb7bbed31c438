-- System monitoring (issue 17 point 3, SPEC 9): admins read the logs and alerts, a job every 5
-- minutes raises alerts from the errors and response times, and the health page reads the jobs'
-- last runs. docs/operations.md ("Monitoring") says what counts and why.
--
-- Response times: each instance adds up its requests per minute in memory and writes one row per
-- minute (a histogram, so p50/p95 can be read across instances) when the minute is over.
CREATE TABLE "response_time_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"instance_id" text NOT NULL,
	"request_count" integer NOT NULL,
	"total_ms" double precision NOT NULL,
	"max_ms" integer NOT NULL,
	"buckets" integer[] NOT NULL,
	CONSTRAINT "response_time_minutes_minute_instance_id_pk" PRIMARY KEY("minute","instance_id"),
	CONSTRAINT "response_time_minutes_counts_check" CHECK ("response_time_minutes"."request_count" >= 0 and "response_time_minutes"."max_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "system_monitoring_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"error_count" integer NOT NULL,
	"critical_count" integer NOT NULL,
	"request_count" integer NOT NULL,
	"p95_ms" integer,
	"alert_types" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "response_time_minutes_minute_idx" ON "response_time_minutes" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "system_monitoring_runs_ran_at_idx" ON "system_monitoring_runs" USING btree ("ran_at" DESC NULLS LAST);--> statement-breakpoint
-- The job counts errors (severity high/critical) of the last hour; admins filter by organisation
-- and search messages.
CREATE INDEX "system_logs_severity_created_at_idx" ON "system_logs" USING btree ("severity","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_logs_organization_id_created_at_idx" ON "system_logs" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_logs_message_trgm_idx" ON "system_logs" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "system_alerts_alert_type_idx" ON "system_alerts" USING btree ("alert_type") WHERE "is_resolved" = false;--> statement-breakpoint
-- Requests write the minutes outside any tenant (cursus_service, an upsert: several flushes of one
-- minute add up); the monitoring job reads and purges them; admins read them on the health page.
GRANT SELECT, INSERT ON response_time_minutes TO cursus_service;
--> statement-breakpoint
GRANT UPDATE (request_count, total_ms, max_ms, buckets) ON response_time_minutes TO cursus_service;
--> statement-breakpoint
GRANT SELECT, DELETE ON response_time_minutes TO cursus_jobs;
--> statement-breakpoint
GRANT SELECT ON response_time_minutes TO cursus_app;
--> statement-breakpoint
ALTER TABLE response_time_minutes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE response_time_minutes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY response_time_minutes_service ON response_time_minutes TO cursus_service USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY response_time_minutes_jobs ON response_time_minutes TO cursus_jobs USING (true);
--> statement-breakpoint
CREATE POLICY response_time_minutes_admin_read ON response_time_minutes FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()));
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON system_monitoring_runs TO cursus_jobs;
--> statement-breakpoint
GRANT SELECT ON system_monitoring_runs TO cursus_app;
--> statement-breakpoint
ALTER TABLE system_monitoring_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE system_monitoring_runs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY system_monitoring_runs_jobs ON system_monitoring_runs TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY system_monitoring_runs_admin_read ON system_monitoring_runs FOR SELECT TO cursus_app
  USING ((SELECT app_is_admin()));
--> statement-breakpoint
-- The monitoring job reads every organisation's logs and raises alerts, as cursus_jobs.
GRANT SELECT ON system_logs TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY system_logs_jobs_read ON system_logs FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON system_alerts TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY system_alerts_jobs ON system_alerts TO cursus_jobs USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The health page shows each job's last run to admins.
GRANT SELECT ON job_runs TO cursus_app;
--> statement-breakpoint
CREATE POLICY job_runs_admin_read ON job_runs FOR SELECT TO cursus_app USING ((SELECT app_is_admin()));
--> statement-breakpoint
-- The admins' 10 s toast: each new alert, whoever raised it, is announced on the live channel
-- (0014) to every instance, which passes it to the admins' streams. Only its id and severity travel.
CREATE FUNCTION announce_system_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cursus_live', json_build_object('audience', 'admins', 'alertId', NEW.id, 'severity', NEW.severity)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER system_alerts_announce AFTER INSERT ON system_alerts
  FOR EACH ROW EXECUTE FUNCTION announce_system_alert();
