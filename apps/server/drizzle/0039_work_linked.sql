-- Work-linked training outside apprenticeship (issue 17): the guide de lecture submits it to
-- indicators 13 and 28 as it does apprenticeship. Staff set it with the rest of the profile.
ALTER TABLE "organizations" ADD COLUMN "work_linked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
GRANT UPDATE (work_linked) ON organizations TO cursus_app;
