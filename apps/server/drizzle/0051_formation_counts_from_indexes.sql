-- Issue 12: a formation's modules, lessons and learners are counted (the trainer's formation list, the
-- learner's formations and Mon Suivi) from their indexes alone: the row-level policies read the
-- organisation, so it follows the search key (Drizzle has no INCLUDE), as in 0047. On the bench dataset
-- at scale 1, a request for the trainer's formation list read 175 buffers before, 97 after.
DROP INDEX "course_lessons_course_id_idx";--> statement-breakpoint
DROP INDEX "course_modules_course_id_position_idx";--> statement-breakpoint
CREATE INDEX "course_enrollments_course_id_organization_id_student_id_idx" ON "course_enrollments" USING btree ("course_id","organization_id","student_id");--> statement-breakpoint
CREATE INDEX "course_lessons_course_id_idx" ON "course_lessons" USING btree ("course_id","organization_id");--> statement-breakpoint
CREATE INDEX "course_modules_course_id_position_idx" ON "course_modules" USING btree ("course_id","position","organization_id");