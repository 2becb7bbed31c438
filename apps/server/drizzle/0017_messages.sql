-- Messages (issue 14 point 4): one-to-one conversations between a learner and a trainer of the
-- learner's organisation. Tenant tables (ADR 002); only the two participants of a conversation
-- read or write it. Not the organisation's other trainers (it is one-to-one), and not the
-- platform's admins either: an admin takes part only in conversations of their own.
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"trainer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"student_last_read_at" timestamp with time zone,
	"trainer_last_read_at" timestamp with time zone,
	"student_notified_at" timestamp with time zone,
	"trainer_notified_at" timestamp with time zone,
	CONSTRAINT "conversations_two_people_check" CHECK ("conversations"."student_id" <> "conversations"."trainer_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_content_check" CHECK ("messages"."body" <> '' or "messages"."file_id" is not null),
	CONSTRAINT "messages_body_length_check" CHECK (char_length("messages"."body") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_student_id_auth_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_trainer_id_auth_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_auth_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_student_id_trainer_id_idx" ON "conversations" USING btree ("student_id","trainer_id");--> statement-breakpoint
CREATE INDEX "conversations_trainer_id_idx" ON "conversations" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "conversations_organization_id_idx" ON "conversations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_id_created_at_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_file_id_idx" ON "messages" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "messages_organization_id_idx" ON "messages" USING btree ("organization_id");--> statement-breakpoint
-- Conversations: each participant reads theirs and moves their own read state (an update). Both
-- people must be members of the conversation's organisation; which of them is a trainer and which a
-- learner is checked by the service, with the organisations module's role resolution.
GRANT SELECT, INSERT, UPDATE ON conversations TO cursus_app;
--> statement-breakpoint
ALTER TABLE conversations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE conversations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY conversations_participant_read ON conversations FOR SELECT TO cursus_app USING (
  organization_id = (SELECT app_organization_id())
  AND (student_id = (SELECT app_user_id()) OR trainer_id = (SELECT app_user_id()))
);
--> statement-breakpoint
CREATE POLICY conversations_participant_insert ON conversations FOR INSERT TO cursus_app WITH CHECK (
  organization_id = (SELECT app_organization_id())
  AND (student_id = (SELECT app_user_id()) OR trainer_id = (SELECT app_user_id()))
  AND EXISTS (SELECT 1 FROM profiles p WHERE p.id = student_id AND p.organization_id = conversations.organization_id)
  AND EXISTS (SELECT 1 FROM profiles p WHERE p.id = trainer_id AND p.organization_id = conversations.organization_id)
);
--> statement-breakpoint
CREATE POLICY conversations_participant_update ON conversations FOR UPDATE TO cursus_app
  USING (
    organization_id = (SELECT app_organization_id())
    AND (student_id = (SELECT app_user_id()) OR trainer_id = (SELECT app_user_id()))
  )
  WITH CHECK (
    organization_id = (SELECT app_organization_id())
    AND (student_id = (SELECT app_user_id()) OR trainer_id = (SELECT app_user_id()))
  );
--> statement-breakpoint
-- Messages: read in one's conversations, written there under one's own name; never edited.
GRANT SELECT, INSERT ON messages TO cursus_app;
--> statement-breakpoint
ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY messages_participant_read ON messages FOR SELECT TO cursus_app USING (
  organization_id = (SELECT app_organization_id())
  AND conversation_id IN (
    SELECT c.id FROM conversations c
    WHERE c.student_id = (SELECT app_user_id()) OR c.trainer_id = (SELECT app_user_id())
  )
);
--> statement-breakpoint
CREATE POLICY messages_participant_insert ON messages FOR INSERT TO cursus_app WITH CHECK (
  organization_id = (SELECT app_organization_id())
  AND sender_id = (SELECT app_user_id())
  AND conversation_id IN (
    SELECT c.id FROM conversations c
    WHERE c.student_id = (SELECT app_user_id()) OR c.trainer_id = (SELECT app_user_id())
  )
);
--> statement-breakpoint
-- Reading a stored file, the files module asks whether it is a message's attachment, which only
-- the conversation's participants may read: a staff member of the organisation who is not one must
-- learn that the file is an attachment to be refused it, so the question is asked outside their
-- tenant, and the answer holds no message's content (message-file-access.ts).
GRANT SELECT (conversation_id, file_id) ON messages TO cursus_service;
--> statement-breakpoint
CREATE POLICY messages_service_attachments ON messages FOR SELECT TO cursus_service USING (file_id IS NOT NULL);
--> statement-breakpoint
-- The orphaned files sweep keeps the attachments (message-file-access.ts).
GRANT SELECT (organization_id, file_id) ON messages TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY messages_jobs_read ON messages FOR SELECT TO cursus_jobs USING (true);
