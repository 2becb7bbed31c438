import { and, asc, eq, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';
import { signInLogs } from '../system/system.tables.ts';
import { userTimeTracking } from '../time-tracking/time-tracking.tables.ts';
import { courseEnrollments, courses, lessonCompletions } from './courses.tables.ts';
import { seedDemoCourses } from './seed-demo-courses.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoCourses(world: DemoWorld) {
  describe('demo formations', () => {
    it('gives Organisme Démo a published formation with learners at different stages, and a draft', async () => {
      // Julien's: the admin's demo assigns copies of them to a second organisation.
      const rows = await world.testApp.database.db
        .select()
        .from(courses)
        .where(eq(courses.createdBy, world.account('julien.moreau').userId))
        .orderBy(asc(courses.title));
      expect(rows.map((row) => [row.title, row.status])).toEqual([
        ['Communication professionnelle écrite', 'draft'],
        ['Excel : les fondamentaux', 'published'],
      ]);
      const progress = await world.testApp.database.db
        .select({ progress: courseEnrollments.progress })
        .from(courseEnrollments)
        .where(eq(courseEnrollments.courseId, rows[1]!.id));
      // Out of 8 lessons and 2 active quizzes: Chloé nothing, Inès 2 lessons (dropped out), Léa 3 and
      // the module quiz, Nathan 4 lessons, Hugo and Lucas everything.
      expect(progress.map((row) => row.progress).sort((a, b) => a - b)).toEqual([0, 20, 40, 40, 100, 100]);
    });

    it('shows Léa her formation and its progress through the API', async () => {
      const response = await world.get('lea.martin', '/api/learning/courses');
      expect(response.json().items).toEqual([
        expect.objectContaining({
          title: 'Excel : les fondamentaux',
          progress: 40,
          completedLessons: 3,
          totalLessons: 8,
        }),
      ]);
    });

    it('gives the enrolled demo learners weeks of tracked time, and the earlier cohorts their lessons’ sittings', async () => {
      const totalOf = async (local: string) => {
        const response = await world.get(local, '/api/time-tracking/me');
        expect(response.statusCode).toBe(200);
        return response.json().totalSeconds as number;
      };
      // Hugo studied most weekdays of the last four weeks, 20 to 90 minutes a sitting.
      expect(await totalOf('hugo.bernard')).toBeGreaterThan(5 * 3600);
      expect(await totalOf('lea.martin')).toBeGreaterThan(0);
      // Nathan did his four lessons in sittings of 15 to 55 minutes, the last one 12 days ago.
      const nathan = await totalOf('nathan.durand');
      expect(nathan).toBeGreaterThanOrEqual(4 * 15 * 60);
      expect(nathan).toBeLessThanOrEqual(4 * 55 * 60);
      // Each day of study opens with a sign-in, dated then: the connection logs show both.
      const hugo = world.account('hugo.bernard');
      const pastSignIns = await world.testApp.database.db
        .select()
        .from(signInLogs)
        .where(
          and(
            eq(signInLogs.userId, hugo.userId),
            lt(signInLogs.createdAt, new Date(Date.now() - 86_400_000)),
          ),
        );
      expect(pastSignIns.length).toBeGreaterThan(5);
      // Totals agree with the sessions, as the integrity job checks.
      const report = await world.testApp.modules.timeTracking.integrity.runIntegrityCheck(new Date());
      expect(report).toMatchObject({ repairedTotals: 0 });
    });

    it('dates the current learners’ lessons in the sittings they were done in, before their quizzes', async () => {
      const { db } = world.testApp.database;
      for (const [local, lessons, doneDaysAgo] of [
        ['lea.martin', 3, 9],
        ['hugo.bernard', 8, 5],
      ] as const) {
        const studentId = world.account(local).userId;
        const done = await db
          .select({ at: lessonCompletions.completedAt })
          .from(lessonCompletions)
          .where(eq(lessonCompletions.studentId, studentId));
        const sittings = await db
          .select({ start: userTimeTracking.sessionStart, end: userTimeTracking.sessionEnd })
          .from(userTimeTracking)
          .where(eq(userTimeTracking.userId, studentId));
        expect(done).toHaveLength(lessons);
        for (const { at } of done) {
          expect(at.getTime()).toBeLessThan(Date.now() - doneDaysAgo * 86_400_000);
          expect(sittings.some(({ start, end }) => start <= at && end !== null && at <= end)).toBe(true);
        }
      }
    });

    it('does nothing when run again', async () => {
      const ofJulien = eq(courses.createdBy, world.account('julien.moreau').userId);
      const [course] = await world.testApp.database.db.select().from(courses).where(ofJulien).limit(1);
      await seedDemoCourses({
        database: world.testApp.database,
        organizationId: course!.organizationId,
        trainerId: course!.createdBy!,
        students: [],
        enrolledAt: new Date(),
      });
      expect(await world.testApp.database.db.select().from(courses).where(ofJulien)).toHaveLength(2);
    });
  });
}
