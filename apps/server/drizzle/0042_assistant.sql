CREATE TABLE "assistant_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" text NOT NULL,
	"space" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_conversations_space_check" CHECK ("assistant_conversations"."space" in ('student_space', 'organization_space'))
);
--> statement-breakpoint
CREATE TABLE "assistant_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"organization_id" uuid,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_messages_role_check" CHECK ("assistant_messages"."role" in ('user', 'assistant'))
);
--> statement-breakpoint
ALTER TABLE "assistant_conversations" ADD CONSTRAINT "assistant_conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_conversations" ADD CONSTRAINT "assistant_conversations_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_conversation_id_assistant_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."assistant_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_conversations_user_id_idx" ON "assistant_conversations" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assistant_conversations_organization_id_idx" ON "assistant_conversations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "assistant_messages_conversation_id_created_at_idx" ON "assistant_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_messages_organization_id_idx" ON "assistant_messages" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "assistant_messages_user_id_idx" ON "assistant_messages" USING btree ("user_id");--> statement-breakpoint
-- The assistants' conversations are their user's alone: nobody else reads them, not even the
-- organisation's staff or an admin. The user writes their questions and the answers, touches the
-- conversation's date, and deletes it (clear). The organisation is the user's own (null only for an
-- admin without one); IS NOT DISTINCT FROM lets that null match.
GRANT SELECT, INSERT, DELETE ON assistant_conversations TO cursus_app;
--> statement-breakpoint
GRANT UPDATE (updated_at) ON assistant_conversations TO cursus_app;
--> statement-breakpoint
ALTER TABLE assistant_conversations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE assistant_conversations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY assistant_conversations_owner ON assistant_conversations FOR ALL TO cursus_app
  USING (
    user_id = (SELECT app_user_id())
    AND organization_id IS NOT DISTINCT FROM (SELECT app_organization_id())
  )
  WITH CHECK (
    user_id = (SELECT app_user_id())
    AND organization_id IS NOT DISTINCT FROM (SELECT app_organization_id())
  );
--> statement-breakpoint
GRANT SELECT, INSERT ON assistant_messages TO cursus_app;
--> statement-breakpoint
ALTER TABLE assistant_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE assistant_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY assistant_messages_read ON assistant_messages FOR SELECT TO cursus_app USING (
  user_id = (SELECT app_user_id())
  AND organization_id IS NOT DISTINCT FROM (SELECT app_organization_id())
);
--> statement-breakpoint
-- A message goes into one of the writer's own conversations only.
CREATE POLICY assistant_messages_insert ON assistant_messages FOR INSERT TO cursus_app WITH CHECK (
  user_id = (SELECT app_user_id())
  AND organization_id IS NOT DISTINCT FROM (SELECT app_organization_id())
  AND conversation_id IN (SELECT c.id FROM assistant_conversations c WHERE c.user_id = (SELECT app_user_id()))
);
