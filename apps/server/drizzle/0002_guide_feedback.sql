CREATE TABLE "guide_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" text NOT NULL,
	"helpful" boolean NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "guide_feedback_guide_id_idx" ON "guide_feedback" USING btree ("guide_id");