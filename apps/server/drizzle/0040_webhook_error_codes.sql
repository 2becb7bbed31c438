-- Why a funding-platform delivery was refused or failed, as a code the admin's screen names in the
-- reader's language (issue 17); `error` keeps the technical detail.
ALTER TABLE "webhook_logs" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_error_code_check" CHECK ("webhook_logs"."error_code" in ('payload_too_large', 'bad_signature', 'stale_timestamp', 'malformed_json', 'missing_delivery_id', 'unknown_event', 'invalid_payload', 'unknown_reference', 'attendee_conflict', 'processing_failed'));--> statement-breakpoint
-- The same hands that write `error` write its code: the job processing deliveries, and an admin's
-- replay clearing both (0036's grants). The receiver inserts, which INSERT on the table covers.
GRANT UPDATE (error_code) ON webhook_logs TO cursus_jobs;--> statement-breakpoint
GRANT UPDATE (error_code) ON webhook_logs TO cursus_app;
