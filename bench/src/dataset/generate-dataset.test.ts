import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../apps/server/src/db/client.ts';
import { DATASET_TABLES, type DatasetSummary, generateDataset, planDataset } from './generate-dataset.ts';

const AS_OF = new Date('2025-03-12T15:30:00Z');

describe('planDataset', () => {
  it('gives the issue’s sizes at scale 1 and scales them linearly', () => {
    expect(planDataset(1)).toMatchObject({
      organizations: 100,
      learners: 10_000,
      formations: 1_000,
      sessions: 1_000_000,
    });
    expect(planDataset(0.1)).toMatchObject({
      organizations: 10,
      learners: 1_000,
      formations: 100,
      sessions: 100_000,
    });
  });

  it('keeps every organisation populated at tiny scales', () => {
    expect(planDataset(0.001)).toMatchObject({
      organizations: 1,
      learners: 10,
      formations: 2,
      sessions: 1_000,
    });
  });

  it('refuses a scale that is not a positive number', () => {
    expect(() => planDataset(0)).toThrow();
    expect(() => planDataset(Number.NaN)).toThrow();
  });
});

describe('generateDataset on the embedded engine', () => {
  let database: Database;
  let summary: DatasetSummary;
  // Both drivers answer { rows }; the shared Db type leaves the result untyped.
  const all = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as { rows: T[] }).rows;
  const one = async <T>(query: ReturnType<typeof sql>) => (await all<T>(query))[0] as T;

  /** A digest of every generated table, row by row. */
  async function digest() {
    const parts: string[] = [];
    for (const table of DATASET_TABLES) {
      const row = await one<{ md5: string }>(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(table)} t`,
      );
      parts.push(`${table}:${row.md5}`);
    }
    return parts.join('\n');
  }

  async function empty() {
    await database.db.execute(
      sql.raw(
        `truncate ${DATASET_TABLES.filter((table) => table !== 'organizations').join(', ')}, organizations cascade`,
      ),
    );
  }

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    summary = await generateDataset(database, { scale: 0.015, seed: 7, asOf: AS_OF });
  });
  afterAll(() => database?.close());

  it('loads the planned organisations, accounts, formations and sessions', () => {
    const plan = planDataset(0.015);
    expect(summary.rows.organizations).toBe(plan.organizations);
    expect(summary.rows.profiles).toBe(plan.learners + plan.organizations * plan.trainersPerOrganization);
    expect(summary.rows.auth_accounts).toBe(summary.rows.profiles);
    expect(summary.rows.courses).toBe(plan.formations);
    expect(summary.rows.notifications).toBe(plan.learners * plan.notificationsPerLearner);
    // Sessions that would end after `asOf` are dropped (today's later hours), and a few are open.
    expect(summary.rows.user_time_tracking).toBeGreaterThan(plan.sessions * 0.98);
    expect(summary.rows.user_time_tracking).toBeLessThan(plan.sessions * 1.05);
    for (const table of DATASET_TABLES) expect(summary.rows[table], table).toBeGreaterThan(0);
  });

  it('keeps every row inside its learner’s organisation and formations', async () => {
    const crossed = await one<Record<string, number>>(sql`select
      (select count(*)::int from course_enrollments e join profiles p on p.id = e.student_id join courses c on c.id = e.course_id
        where p.organization_id <> e.organization_id or c.organization_id <> e.organization_id or c.status <> 'published') as enrolments,
      (select count(*)::int from user_time_tracking t join profiles p on p.id = t.user_id
        where p.organization_id <> t.organization_id or p.role <> 'student') as sessions,
      (select count(*)::int from user_time_tracking t where t.course_id is not null and not exists (
        select 1 from course_enrollments e where e.student_id = t.user_id and e.course_id = t.course_id)) as sessions_off_formation,
      (select count(*)::int from lesson_completions l join course_lessons cl on cl.id = l.lesson_id
        where cl.course_id <> l.course_id or not exists (
          select 1 from course_enrollments e where e.student_id = l.student_id and e.course_id = l.course_id)) as completions,
      (select count(*)::int from notifications n join profiles p on p.id = n.user_id where p.organization_id <> n.organization_id) as notifications,
      (select count(*)::int from user_roles r join profiles p on p.id = r.user_id where p.role <> r.role) as roles`);
    expect(crossed).toEqual({
      enrolments: 0,
      sessions: 0,
      sessions_off_formation: 0,
      completions: 0,
      notifications: 0,
      roles: 0,
    });
  });

  it('derives progress and totals the way the server does', async () => {
    const wrong = await one<Record<string, number>>(sql`select
      (select count(*)::int from course_enrollments e where e.progress <> round(100.0 *
        (select count(*) from lesson_completions l where l.student_id = e.student_id and l.course_id = e.course_id) /
        (select count(*) from course_lessons cl where cl.course_id = e.course_id))) as progress,
      (select count(*)::int from user_total_time tt where tt.total_time_seconds <> (select coalesce(sum(duration_seconds), 0)
        from user_time_tracking t where t.user_id = tt.user_id and t.session_end is not null)
        or tt.total_hours * 3600 + tt.remaining_minutes * 60 > tt.total_time_seconds
        or tt.total_time_seconds - (tt.total_hours * 3600 + tt.remaining_minutes * 60) >= 60) as totals,
      (select count(*)::int from user_time_tracking t where t.source = 'offline' and t.session_start > ${AS_OF.toISOString()}::timestamptz - interval '29 days'
        and not exists (select 1 from offline_leases o where o.user_id = t.user_id
          and o.issued_at <= t.session_start and o.used_until >= t.session_end)) as offline_without_lease,
      (select count(*)::int from user_time_tracking t where t.session_start >= ${AS_OF.toISOString()}::timestamptz
        or t.session_end > ${AS_OF.toISOString()}::timestamptz) as in_the_future`);
    expect(wrong).toEqual({ progress: 0, totals: 0, offline_without_lease: 0, in_the_future: 0 });
    const spread = await one<{ low: number; high: number }>(
      sql`select min(progress)::int as low, max(progress)::int as high from course_enrollments`,
    );
    expect(spread).toEqual({ low: 0, high: 100 });
  });

  it('starts sessions on Paris working days and hours, never at night', async () => {
    const shares = await one<{ night: number; weekend: number; office: number; offline: number }>(sql`select
      avg((extract(hour from session_start at time zone 'Europe/Paris') < 6)::int)::float as night,
      avg((extract(isodow from session_start at time zone 'Europe/Paris') > 5)::int)::float as weekend,
      avg((extract(hour from session_start at time zone 'Europe/Paris') between 9 and 17)::int)::float as office,
      avg((source = 'offline')::int)::float as offline
      from user_time_tracking`);
    expect(shares.night).toBe(0);
    expect(shares.weekend).toBeGreaterThan(0.03);
    expect(shares.weekend).toBeLessThan(0.12);
    expect(shares.office).toBeGreaterThan(0.55);
    expect(shares.offline).toBeGreaterThan(0.05);
    expect(shares.offline).toBeLessThan(0.11);
    // Each weekday carries about a fifth of the working week (no day piles up the moved weekends).
    const days = await all<{ count: number }>(sql`select count(*)::int as count from user_time_tracking
      where extract(isodow from session_start at time zone 'Europe/Paris') <= 5
      group by extract(isodow from session_start at time zone 'Europe/Paris')`);
    const counts = days.map((day) => day.count);
    expect(Math.max(...counts) / Math.min(...counts)).toBeLessThan(1.2);
  });

  it('gives the same rows for the same seed, and others for another seed', async () => {
    const first = await digest();
    await empty();
    await generateDataset(database, { scale: 0.015, seed: 7, asOf: AS_OF });
    expect(await digest()).toBe(first);
    await empty();
    await generateDataset(database, { scale: 0.015, seed: 8, asOf: AS_OF });
    expect(await digest()).not.toBe(first);
  });
});
