import {
  PLATFORM_NEWEST_ORGANIZATIONS,
  PLATFORM_SIGNUP_WEEKS,
  type PlatformOverview,
} from '@cursus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { int, iso, rowsOf } from './sql-rows.ts';

/** A tracked session lasts at most 8 hours (MAX_SESSION_SECONDS): bounds the index range scanned. */
const SESSION_SPAN = sql`interval '8 hours'`;

/**
 * Each account's platform role as sign-in resolves it (SPEC 6): `user_roles` first, then the profile;
 * an ADMIN_EMAILS address is an admin. The request role cannot read better-auth's verified address,
 * so the profile's copy stands for it, as in the learner lists. `joinedRole` names the role of a
 * `user_roles` row the statement joined itself; without it, each profile's row is looked up.
 */
export function platformRoleOf(profile: string, adminEmails: readonly string[], joinedRole?: string): SQL {
  const row = joinedRole ?? `(select r.role from user_roles r where r.user_id = ${profile}.id)`;
  const role = sql.raw(`coalesce(${row}, ${profile}.role)`);
  if (adminEmails.length === 0) return role;
  const listed = sql.join(
    adminEmails.map((email) => sql`${email.toLowerCase()}`),
    sql`, `,
  );
  return sql`(case when lower(${sql.raw(`${profile}.email`)}) in (${listed}) then 'admin' else ${role} end)`;
}

/**
 * The platform's figures in one statement of aggregates over every organisation (an admin's
 * transaction: the policies let them read every row). Each figure reads every account or the
 * month's sessions once, so the page grows with the platform; on the benchmark's dataset at scale 5
 * (51,500 accounts, 5 million sessions) three of them had taken 1.5 s of its 1.8 s (bench/results):
 * the roles are joined rather than looked up per account, the month's time is summed per
 * organisation from the sessions' (organisation, start) index alone rather than from their rows,
 * and the sign-ups are counted per Paris week in one pass rather than once per week.
 */
export async function readPlatform(
  tx: Tx,
  at: Date,
  adminEmails: readonly string[],
): Promise<PlatformOverview> {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const monthStart = sql`date_trunc('month', ${atSql}, 'Europe/Paris')`;
  // Paris Mondays: computed on local time, then placed back in time, so a week is not 168 hours
  // across a change of daylight-saving time.
  const parisWeek = sql`date_trunc('week', ${atSql} at time zone 'Europe/Paris')`;
  const activeSince = (days: number) => sql`(${atSql} - ${days} * interval '1 day')`;
  const isActive = (days: number) => sql`(
    exists (select 1 from sign_in_logs s where s.user_id = l.id and s.created_at >= ${activeSince(days)})
    or exists (select 1 from user_time_tracking t where t.user_id = l.id
      and t.session_start >= ${activeSince(days)} - ${SESSION_SPAN} and t.last_activity_at >= ${activeSince(days)}))`;
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
    with people as materialized (
      select p.id, p.organization_id, p.created_at, ${platformRoleOf('p', adminEmails, 'r.role')} as role
      from profiles p left join user_roles r on r.user_id = p.id
    ),
    learners as (select id from people where role = 'student' and organization_id is not null),
    weeks as (
      select n, ${parisWeek} - n * interval '1 week' as paris_monday
      from generate_series(0, ${PLATFORM_SIGNUP_WEEKS - 1}) as n
    ),
    signups as (
      select date_trunc('week', p.created_at at time zone 'Europe/Paris') as paris_monday, count(*) as count
      from people p
      where p.created_at >= (${parisWeek} - ${PLATFORM_SIGNUP_WEEKS - 1} * interval '1 week') at time zone 'Europe/Paris'
      group by 1
    )
    select
      (select count(*) from organizations) as organizations_total,
      (select count(*) from organizations o where o.created_at >= ${monthStart}) as organizations_month,
      (select count(*) from people where role = 'student') as students,
      (select count(*) from people where role = 'trainer') as trainers,
      (select count(*) from people where role = 'admin') as admins,
      (select count(*) from people where role = 'student' and organization_id is null) as unassigned,
      (select count(*) from learners l where ${isActive(7)}) as active_7,
      (select count(*) from learners l where ${isActive(30)}) as active_30,
      (select count(*) from courses c where c.archived_at is null and c.status = 'published') as published,
      (select count(*) from courses c where c.archived_at is null and c.status = 'draft') as draft,
      (select count(*) from course_enrollments) as enrolments,
      (select coalesce(sum(month.seconds), 0) from organizations o cross join lateral (
        select sum(t.duration_seconds) as seconds from user_time_tracking t
        where t.organization_id = o.id and t.session_start >= ${monthStart}) month) as month_seconds,
      ${monthStart} as month_starts_at,
      (select json_agg(json_build_object('weekStartsAt', w.paris_monday at time zone 'Europe/Paris',
          'count', coalesce(s.count, 0)) order by w.n desc)
        from weeks w left join signups s on s.paris_monday = w.paris_monday) as signups,
      coalesce((select json_agg(o order by o.created_at desc, o.id) from (
        select o.id, o.name, o.created_at,
          (select count(*) from people p where p.organization_id = o.id and p.role in ('trainer', 'admin')) as trainers,
          (select count(*) from people p where p.organization_id = o.id and p.role = 'student') as learners
        from organizations o order by o.created_at desc, o.id limit ${PLATFORM_NEWEST_ORGANIZATIONS}
      ) o), '[]') as newest`),
  );
  const figures = row ?? {};
  return {
    organizations: {
      total: int(figures.organizations_total),
      createdThisMonth: int(figures.organizations_month),
    },
    users: {
      students: int(figures.students),
      trainers: int(figures.trainers),
      admins: int(figures.admins),
      unassignedStudents: int(figures.unassigned),
    },
    activeLearners: { last7Days: int(figures.active_7), last30Days: int(figures.active_30) },
    formations: { published: int(figures.published), draft: int(figures.draft) },
    enrolments: int(figures.enrolments),
    monthSeconds: int(figures.month_seconds),
    monthStartsAt: iso(figures.month_starts_at),
    signupsByWeek: ((figures.signups ?? []) as { weekStartsAt: string; count: unknown }[]).map((week) => ({
      weekStartsAt: iso(week.weekStartsAt),
      count: int(week.count),
    })),
    newestOrganizations: (
      (figures.newest ?? []) as {
        id: string;
        name: string;
        created_at: string;
        trainers: unknown;
        learners: unknown;
      }[]
    ).map((organization) => ({
      id: organization.id,
      name: organization.name,
      createdAt: iso(organization.created_at),
      trainerCount: int(organization.trainers),
      learnerCount: int(organization.learners),
    })),
  };
}
