-- Uploads (issue 11): the orphan sweep (modules/files/sweep-orphan-files.ts) is a background job
-- and runs as cursus_jobs (0009 sets that role up for every job): it reads which files lessons use
-- and deletes the stored files nothing uses, in every organisation. The role is created here if
-- need be, since this migration runs first; 0009 creates it only when missing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cursus_jobs') THEN
    CREATE ROLE cursus_jobs NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
GRANT SELECT, DELETE ON stored_files TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY stored_files_jobs_read ON stored_files FOR SELECT TO cursus_jobs USING (true);
--> statement-breakpoint
CREATE POLICY stored_files_jobs_delete ON stored_files FOR DELETE TO cursus_jobs USING (true);
--> statement-breakpoint
GRANT SELECT ON course_lessons TO cursus_jobs;
--> statement-breakpoint
CREATE POLICY course_lessons_jobs_read ON course_lessons FOR SELECT TO cursus_jobs USING (true);
