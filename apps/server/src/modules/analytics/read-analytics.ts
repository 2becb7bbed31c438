import { type CourseAnalytics, DEFAULT_ORGANIZATION_NAME, DROPOUT_INACTIVE_DAYS } from '@cursus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { AnalyticsPeriodDays } from './analytics-period.ts';
import { int, iso, parisStart, rowsOf, type Scope } from './sql-rows.ts';

/**
 * The analytics of a period in three statements: the charts' series, the formations' figures
 * (whose sums are the outcomes), and the totals that cannot be summed (distinct learners, quizzes
 * outside any formation).
 */
export async function readAnalytics(
  tx: Tx,
  where: Scope,
  days: AnalyticsPeriodDays,
  courseId: string | undefined,
  at: Date,
) {
  const from = parisStart(days.fromDay);
  const to = parisStart(days.toDay);
  const unit = sql`${days.granularity}::text`;
  const inactiveSince = sql`(${at.toISOString()}::timestamptz - ${DROPOUT_INACTIVE_DAYS} * interval '1 day')`;
  const ofCourse = (column: SQL) => (courseId ? sql`and ${column} = ${courseId}` : sql``);

  const series = rowsOf<{
    bucket: string;
    enrolments: unknown;
    seconds: unknown;
    from_at: unknown;
    to_at: unknown;
  }>(
    await tx.execute(sql`
    with buckets as (
      select generate_series(date_trunc(${unit}, ${days.fromDay}::date::timestamp),
        (${days.toDay}::date - 1)::timestamp, ('1 ' || ${unit})::interval) as bucket
    ),
    enrolled as (
      select date_trunc(${unit}, e.created_at at time zone 'Europe/Paris') as bucket, count(*) as n
      from course_enrollments e
      where ${where(sql`e.organization_id`)} and e.created_at >= ${from} and e.created_at < ${to}
        ${ofCourse(sql`e.course_id`)}
      group by 1
    ),
    tracked as (
      select date_trunc(${unit}, t.session_start at time zone 'Europe/Paris') as bucket,
        sum(t.duration_seconds) as seconds
      from user_time_tracking t
      where ${where(sql`t.organization_id`)} and t.session_start >= ${from} and t.session_start < ${to}
        ${ofCourse(sql`t.course_id`)}
      group by 1
    )
    select to_char(buckets.bucket, 'YYYY-MM-DD') as bucket, coalesce(enrolled.n, 0) as enrolments,
      coalesce(tracked.seconds, 0) as seconds, ${from} as from_at, ${to} as to_at
    from buckets left join enrolled using (bucket) left join tracked using (bucket)
    order by buckets.bucket`),
  );

  const courses = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
    with cohort as (
      select e.course_id, count(*) as enrolled,
        count(*) filter (where e.progress >= 100) as completed,
        count(*) filter (where e.progress < 100 and e.created_at < ${inactiveSince}
          and not exists (select 1 from user_time_tracking t where t.user_id = e.student_id
            and t.course_id = e.course_id and t.last_activity_at >= ${inactiveSince})
          and not exists (select 1 from lesson_completions l where l.student_id = e.student_id
            and l.course_id = e.course_id and l.completed_at >= ${inactiveSince})) as dropped
      from course_enrollments e
      where ${where(sql`e.organization_id`)} and e.created_at >= ${from} and e.created_at < ${to}
        ${ofCourse(sql`e.course_id`)}
      group by e.course_id
    ),
    tracked as (
      select t.course_id, sum(t.duration_seconds) as seconds from user_time_tracking t
      where ${where(sql`t.organization_id`)} and t.session_start >= ${from} and t.session_start < ${to}
        and t.course_id is not null ${ofCourse(sql`t.course_id`)}
      group by t.course_id
    ),
    quizzed as (
      select q.course_id, count(*) as attempts, count(*) filter (where a.passed) as passed
      from quiz_attempts a join quizzes q on q.id = a.quiz_id
      where ${where(sql`a.organization_id`)} and a.status = 'submitted' and a.source = 'learner'
        and a.submitted_at >= ${from} and a.submitted_at < ${to}
        and q.course_id is not null ${ofCourse(sql`q.course_id`)}
      group by q.course_id
    ),
    ids as (select course_id from cohort union select course_id from tracked union select course_id from quizzed)
    select c.id, c.title, o.name as organization_name,
      coalesce(cohort.enrolled, 0) as enrolled, coalesce(cohort.completed, 0) as completed,
      coalesce(cohort.dropped, 0) as dropped, coalesce(tracked.seconds, 0) as seconds,
      coalesce(quizzed.attempts, 0) as attempts, coalesce(quizzed.passed, 0) as passed
    from ids join courses c on c.id = ids.course_id
      left join organizations o on o.id = c.organization_id
      left join cohort on cohort.course_id = ids.course_id
      left join tracked on tracked.course_id = ids.course_id
      left join quizzed on quizzed.course_id = ids.course_id
    order by c.title, c.id`),
  );

  const quizScope = courseId ? sql`join quizzes q on q.id = a.quiz_id and q.course_id = ${courseId}` : sql``;
  const [totals] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
    select
      (select count(distinct t.user_id) from user_time_tracking t
        where ${where(sql`t.organization_id`)} and t.session_start >= ${from} and t.session_start < ${to}
          ${ofCourse(sql`t.course_id`)}) as time_learners,
      (select count(distinct e.student_id) from course_enrollments e
        where ${where(sql`e.organization_id`)} and e.created_at >= ${from} and e.created_at < ${to}
          ${ofCourse(sql`e.course_id`)}) as cohort_learners,
      quizzes.*
    from (select count(*) as attempts, count(*) filter (where a.passed) as passed,
            round(avg(a.score_percent)) as average_score
          from quiz_attempts a ${quizScope}
          where ${where(sql`a.organization_id`)} and a.status = 'submitted' and a.source = 'learner'
            and a.submitted_at >= ${from} and a.submitted_at < ${to}) quizzes`),
  );

  const courseFigures: CourseAnalytics[] = courses.map((row) => ({
    courseId: String(row.id),
    title: String(row.title),
    organizationName: row.organization_name ? String(row.organization_name) : DEFAULT_ORGANIZATION_NAME,
    enrolled: int(row.enrolled),
    completed: int(row.completed),
    droppedOut: int(row.dropped),
    trackedSeconds: int(row.seconds),
    quizAttempts: int(row.attempts),
    quizPassed: int(row.passed),
  }));
  return {
    from: iso(series[0]?.from_at),
    to: iso(series[0]?.to_at),
    series: series.map((point) => ({
      bucket: point.bucket,
      enrolments: int(point.enrolments),
      seconds: int(point.seconds),
    })),
    courses: courseFigures,
    totals: {
      timeLearners: int(totals?.time_learners),
      cohortLearners: int(totals?.cohort_learners),
      quizAttempts: int(totals?.attempts),
      quizPassed: int(totals?.passed),
      averageScore: totals?.average_score === null ? null : int(totals?.average_score),
    },
  };
}
