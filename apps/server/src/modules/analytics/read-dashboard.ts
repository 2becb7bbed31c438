import {
  ACTIVE_LEARNER_DAYS,
  ATTENTION_LIST_SIZE,
  type TrainerDashboard,
  UNTOUCHED_FORMATION_DAYS,
} from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { int, iso, rowsOf, type Scope } from './sql-rows.ts';

const DAY_MS = 86_400_000;
/** A tracked session lasts at most 8 hours (MAX_SESSION_SECONDS): bounds the index range scanned. */
const SESSION_SPAN = sql`interval '8 hours'`;

/** The dashboard's key figures in two statements, whatever the organisation's size. */
export async function readDashboard(tx: Tx, where: Scope, at: Date): Promise<TrainerDashboard> {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const activeSince = sql`(${atSql} - ${ACTIVE_LEARNER_DAYS} * interval '1 day')`;
  const untouchedBefore = sql`(${atSql} - ${UNTOUCHED_FORMATION_DAYS} * interval '1 day')`;
  const weekStart = sql`date_trunc('week', ${atSql}, 'Europe/Paris')`;
  // One statement of single-row aggregates: the page costs one round trip whatever its size.
  const [figures] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
    with learners as (
      select p.id from profiles p
      where p.organization_id is not null and ${where(sql`p.organization_id`)}
        and coalesce((select r.role from user_roles r where r.user_id = p.id), p.role) = 'student'
    )
    select
      (select count(*) from learners) as learners_total,
      (select count(*) from learners l
        where exists (select 1 from sign_in_logs s where s.user_id = l.id and s.created_at >= ${activeSince})
           or exists (select 1 from user_time_tracking t where t.user_id = l.id
             and t.session_start >= ${activeSince} - ${SESSION_SPAN} and t.last_activity_at >= ${activeSince})
      ) as learners_active,
      formations.published, formations.draft,
      enrolments.total as enrolments, enrolments.average as average_completion,
      (select coalesce(sum(t.duration_seconds), 0) from user_time_tracking t
        where ${where(sql`t.organization_id`)} and t.session_start >= ${weekStart}) as week_seconds,
      ${weekStart} as week_starts_at,
      (select count(*) from student_questions q
        where ${where(sql`q.organization_id`)} and q.status = 'pending') as pending_questions,
      (select count(*) from group_sessions g
        where ${where(sql`g.organization_id`)} and g.meeting_date > ${atSql}) as upcoming_sessions,
      next_session.id as next_session_id, next_session.title as next_session_title,
      next_session.meeting_date as next_session_date
    from
      (select count(*) filter (where c.status = 'published') as published,
              count(*) filter (where c.status = 'draft') as draft
        from courses c where ${where(sql`c.organization_id`)} and c.archived_at is null) formations,
      (select count(*) as total, round(avg(e.progress)) as average
        from course_enrollments e join courses c on c.id = e.course_id and c.archived_at is null
        where ${where(sql`e.organization_id`)}) enrolments
      left join lateral (select g.id, g.title, g.meeting_date from group_sessions g
        where ${where(sql`g.organization_id`)} and g.meeting_date > ${atSql}
        order by g.meeting_date, g.id limit 1) next_session on true`),
  );
  // The learners' 'formation untouched' recommendation, for every learner at once: an unfinished
  // formation whose last activity (time tracked on it, a lesson completed), or the enrolment
  // without any, is UNTOUCHED_FORMATION_DAYS days old. Each learner once, at their idlest formation.
  const attention = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
    with idle as (
      select e.student_id, e.course_id, e.progress, c.title,
        coalesce(greatest(
          (select max(t.last_activity_at) from user_time_tracking t
            where t.user_id = e.student_id and t.course_id = e.course_id),
          (select max(l.completed_at) from lesson_completions l
            where l.student_id = e.student_id and l.course_id = e.course_id)
        ), e.created_at) as since
      from course_enrollments e join courses c on c.id = e.course_id and c.archived_at is null
      where ${where(sql`e.organization_id`)} and e.progress < 100
    ),
    per_learner as (
      select distinct on (student_id) * from idle where since <= ${untouchedBefore}
      order by student_id, since, course_id
    )
    select per_learner.*, p.full_name, count(*) over () as total
    from per_learner left join profiles p on p.id = per_learner.student_id
    order by since, p.full_name, student_id
    limit ${ATTENTION_LIST_SIZE}`),
  );
  const row = figures!;
  return {
    computedAt: at.toISOString(),
    learners: { total: int(row.learners_total), active: int(row.learners_active) },
    formations: { published: int(row.published), draft: int(row.draft) },
    enrolments: int(row.enrolments),
    averageCompletion: row.average_completion === null ? null : int(row.average_completion),
    week: { seconds: int(row.week_seconds), startsAt: iso(row.week_starts_at) },
    pendingQuestions: int(row.pending_questions),
    upcomingSessions: {
      count: int(row.upcoming_sessions),
      next: row.next_session_id
        ? {
            id: String(row.next_session_id),
            title: String(row.next_session_title),
            meetingDate: iso(row.next_session_date),
          }
        : null,
    },
    attention: {
      count: int(attention[0]?.total),
      learners: attention.map((learner) => ({
        studentId: String(learner.student_id),
        studentName: String(learner.full_name ?? ''),
        courseId: String(learner.course_id),
        courseTitle: String(learner.title),
        progress: int(learner.progress),
        idleDays: Math.floor((at.getTime() - new Date(learner.since as string).getTime()) / DAY_MS),
      })),
    },
  };
}
