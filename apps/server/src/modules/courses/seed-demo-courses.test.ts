import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signIn, type TestApp } from '../../../test/helper.ts';
import { type DemoAccount, seedDemo } from '../../demo-seed.ts';
import { signInLogs } from '../system/system.tables.ts';
import { courseEnrollments, courses } from './courses.tables.ts';
import { seedDemoCourses } from './seed-demo-courses.ts';

let testApp: TestApp;
let dataDir: string;
let accounts: DemoAccount[];

beforeAll(async () => {
  testApp = await createTestApp({ seedsDemo: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-seed-'));
  accounts = await seedDemo({ modules: testApp.modules, dataDir });
});
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo formations', () => {
  it('gives Organisme Démo a published formation with learners at different stages, and a draft', async () => {
    const rows = await testApp.database.db.select().from(courses).orderBy(asc(courses.title));
    expect(rows.map((row) => [row.title, row.status])).toEqual([
      ['Communication professionnelle écrite', 'draft'],
      ['Excel : les fondamentaux', 'published'],
    ]);
    const progress = await testApp.database.db
      .select({ progress: courseEnrollments.progress })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.courseId, rows[1]!.id));
    // 3 of 8 lessons, all 8, none.
    expect(progress.map((row) => row.progress).sort((a, b) => a - b)).toEqual([0, 38, 100]);
  });

  it('shows Léa her formation and its progress through the API', async () => {
    const lea = accounts.find((account) => account.email.startsWith('lea.martin'))!;
    const cookie = cookieHeader(await signIn(testApp.app, lea.email, lea.password));
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/learning/courses',
      headers: { cookie },
    });
    expect(response.json().items).toEqual([
      expect.objectContaining({
        title: 'Excel : les fondamentaux',
        progress: 38,
        completedLessons: 3,
        totalLessons: 8,
      }),
    ]);
  });

  it('gives the enrolled demo learners weeks of tracked time, and the others none', async () => {
    const totalOf = async (local: string) => {
      const account = accounts.find((candidate) => candidate.email.startsWith(local))!;
      const cookie = cookieHeader(await signIn(testApp.app, account.email, account.password));
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/time-tracking/me',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json().totalSeconds as number;
    };
    // Hugo studied most weekdays of the last three weeks, 20 to 90 minutes a sitting.
    expect(await totalOf('hugo.bernard')).toBeGreaterThan(5 * 3600);
    expect(await totalOf('lea.martin')).toBeGreaterThan(0);
    expect(await totalOf('nathan.durand')).toBe(0);
    // Each day of study opens with a sign-in, dated then: the connection logs show both.
    const hugo = accounts.find((account) => account.email.startsWith('hugo.bernard'))!;
    const pastSignIns = await testApp.database.db
      .select()
      .from(signInLogs)
      .where(
        and(eq(signInLogs.userId, hugo.userId), lt(signInLogs.createdAt, new Date(Date.now() - 86_400_000))),
      );
    expect(pastSignIns.length).toBeGreaterThan(5);
    // Totals agree with the sessions, as the integrity job checks.
    const report = await testApp.modules.timeTracking.integrity.runIntegrityCheck(new Date());
    expect(report).toMatchObject({ repairedTotals: 0 });
  });

  it('does nothing when run again', async () => {
    const [course] = await testApp.database.db.select().from(courses).limit(1);
    await seedDemoCourses({
      database: testApp.database,
      organizationId: course!.organizationId,
      trainerId: course!.createdBy!,
      students: [],
      enrolledAt: new Date(),
    });
    expect(await testApp.database.db.select().from(courses)).toHaveLength(2);
  });
});
