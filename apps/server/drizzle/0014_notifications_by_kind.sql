-- Issue 14: notifications are stored as a kind plus data and written in the reader's language when
-- read. The kinds stored so far already carry their data, except the welcome (its organisation's
-- name) and rows of kinds the web cannot write, which are dropped rather than shown half-written.
UPDATE "notifications" AS n SET "metadata" = jsonb_build_object('organizationName', o."name")
FROM "organizations" AS o
WHERE n."type" = 'welcome' AND o."id" = n."organization_id";--> statement-breakpoint
UPDATE "notifications" SET "context" = 'trainer' WHERE "type" = 'welcome' AND "context" IS NULL;--> statement-breakpoint
DELETE FROM "notifications"
WHERE "metadata" IS NULL
   OR "type" NOT IN ('welcome', 'time_tracking_issue', 'achievement', 'exercise_submitted', 'exercise_reviewed');--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "metadata" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";
--> statement-breakpoint
-- Live updates (issue 14): each new notification is announced on the channel every server instance
-- listens to, whichever module, job or instance wrote it; the instance holding the reader's stream
-- passes it on. Only the recipient and the kind travel: the reader's tab fetches the rest through
-- the API, under its own session. NOTIFY is delivered at commit, never for a rolled-back insert.
CREATE FUNCTION announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cursus_live', json_build_object('userId', NEW.user_id, 'type', NEW.type)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION announce_notification();
