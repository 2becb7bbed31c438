-- Issue 11: device tokens that relax the per-email sign-in limit become random, stored hashed with
-- their account and revocable; the generated AUTH_SECRET moves into the database, where every
-- instance finds the same one.
CREATE TABLE "auth_device_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_device_tokens" ADD CONSTRAINT "auth_device_tokens_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "auth_device_tokens_user_id_idx" ON "auth_device_tokens" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
