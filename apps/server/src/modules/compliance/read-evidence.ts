import type { AutomaticEvidence, ProgrammeSheetField } from '@cursus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const int = (value: unknown) => Number(value ?? 0);
const isoOrNull = (value: unknown) => (value ? new Date(value as string | Date).toISOString() : null);

/** How each programme sheet field of indicator 1 is missing, by the column that holds it. */
const PROGRAMME_FIELDS: readonly (readonly [ProgrammeSheetField, SQL])[] = [
  ['objectives', sql`nullif(btrim(c.objectives), '') is null`],
  ['prerequisites', sql`nullif(btrim(c.prerequisites), '') is null`],
  ['duration', sql`c.duration_hours is null`],
  ['modality', sql`c.modality is null`],
  ['price', sql`c.price_cents is null`],
  ['teachingMethods', sql`nullif(btrim(c.teaching_methods), '') is null`],
  ['assessmentMethods', sql`nullif(btrim(c.assessment_methods), '') is null`],
  ['accessibility', sql`nullif(btrim(c.accessibility), '') is null`],
];

export interface ProgrammeSheet {
  id: string;
  title: string;
  updatedAt: string;
  missing: ProgrammeSheetField[];
}

/** The figures each indicator's automatic evidence is made of, read in one statement. */
export interface PlatformFigures {
  organizationName: string;
  actionCategories: string[];
  certifying: boolean;
  workLinked: boolean;
  resultsPublished: boolean;
  resultsComputedAt: string | null;
  resultsConfigured: boolean;
  positioningSent: number;
  positioningAnswered: number;
  positioningLastAt: string | null;
  convocationSessions: number;
  convocationLearners: number;
  convocationLastAt: string | null;
  enrolments: number;
  enrolmentsStarted: number;
  progressLastAt: string | null;
  questions: number;
  questionsAnswered: number;
  exchangesLastAt: string | null;
  quizAttempts: number;
  quizAttemptsLastAt: string | null;
  exerciseReviews: number;
  exerciseReviewsLastAt: string | null;
  inactivityReminders: number;
  inactivityRemindersLastAt: string | null;
  evaluationReminders: number;
  evaluationRemindersLastAt: string | null;
  lessonsCompleted: number;
  lessonsLastAt: string | null;
  timeSessions: number;
  trackedSeconds: number;
  timeLastAt: string | null;
  staff: number;
  staffWithCv: number;
  cvLastAt: string | null;
  surveysSent: number;
  surveysAnswered: number;
  surveysLastAt: string | null;
}

/**
 * Everything the platform holds for the indicators, read from the owning domains' tables in the
 * caller's tenant transaction: row-level security keeps it to their organisation, and the counts
 * are one statement of scalar subqueries (no module's service answers them in aggregate). Private
 * messages are left out: only their two participants may read them (ARCHITECTURE, Messages).
 */
export async function readPlatformFigures(tx: Tx, organizationId: string): Promise<PlatformFigures> {
  const org = organizationId;
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`select o.name, o.action_categories, o.certifying, o.work_linked,
      pi.is_published as results_published, pi.computed_at as results_computed_at,
      (pi.organization_id is not null) as results_configured,
      pt.sent as positioning_sent, pt.answered as positioning_answered, pt.last_at as positioning_last_at,
      gp.sessions as convocation_sessions, gp.learners as convocation_learners, gp.last_at as convocation_last_at,
      ce.total as enrolments, ce.started as enrolments_started, ce.last_at as progress_last_at,
      sq.total as questions, sq.answered as questions_answered, sq.last_at as exchanges_last_at,
      qa.total as quiz_attempts, qa.last_at as quiz_attempts_last_at,
      es.total as exercise_reviews, es.last_at as exercise_reviews_last_at,
      sr.total as inactivity_reminders, sr.last_at as inactivity_reminders_last_at,
      ei.reminders as evaluation_reminders, ei.reminded_at as evaluation_reminders_last_at,
      ei.sent as surveys_sent, ei.answered as surveys_answered, ei.answered_at as surveys_last_at,
      lc.total as lessons_completed, lc.last_at as lessons_last_at,
      tt.total as time_sessions, tt.seconds as tracked_seconds, tt.last_at as time_last_at,
      st.total as staff, st.with_cv as staff_with_cv, st.cv_last_at
    from organizations o
    left join published_indicators pi on pi.organization_id = o.id
    cross join lateral (select count(*) as sent, count(answered_at) as answered, max(answered_at) as last_at
      from positioning_tokens where organization_id = ${org} and revoked_at is null) pt
    cross join lateral (select count(distinct session_id) as sessions, count(*) as learners, max(created_at) as last_at
      from group_session_participants where organization_id = ${org}) gp
    cross join lateral (select count(*) as total, count(*) filter (where progress > 0) as started,
      max(updated_at) filter (where progress > 0) as last_at
      from course_enrollments where organization_id = ${org}) ce
    cross join lateral (select count(*) as total, count(answer.at) as answered, max(answer.at) as last_at
      from student_questions q
      -- Answered by someone other than the learner: their own follow-up in the thread is no answer.
      left join lateral (select max(r.created_at) as at from question_replies r
        where r.question_id = q.id and r.responder_id is distinct from q.student_id) answer on true
      where q.organization_id = ${org}) sq
    cross join lateral (select count(*) as total, max(submitted_at) as last_at from quiz_attempts
      where organization_id = ${org} and status = 'submitted' and source = 'learner') qa
    cross join lateral (select count(*) as total, max(reviewed_at) as last_at from exercise_submissions
      where organization_id = ${org} and reviewed_at is not null) es
    cross join lateral (select count(*) as total, max(sent_at) as last_at from sent_reminders
      where organization_id = ${org} and kind = 'inactivity-reminder') sr
    cross join lateral (select count(*) as sent, count(answered_at) as answered, max(answered_at) as answered_at,
      coalesce(sum(reminders_sent), 0) as reminders, max(last_reminded_at) as reminded_at
      from evaluation_invitations where organization_id = ${org}) ei
    cross join lateral (select count(*) as total, max(completed_at) as last_at
      from lesson_completions where organization_id = ${org}) lc
    cross join lateral (select count(*) as total, coalesce(sum(duration_seconds), 0) as seconds,
      max(session_start) as last_at from user_time_tracking where organization_id = ${org}) tt
    cross join lateral (select count(*) as total,
      count(*) filter (where exists (select 1 from trainer_documents d
        where d.organization_id = ${org} and d.trainer_id = p.id and d.kind = 'cv')) as with_cv,
      (select max(d.created_at) from trainer_documents d where d.organization_id = ${org} and d.kind = 'cv') as cv_last_at
      from profiles p where p.organization_id = ${org}
        and coalesce((select r.role from user_roles r where r.user_id = p.id), p.role) in ('trainer', 'admin')) st
    where o.id = ${org}`),
  );
  if (!row) throw new Error('organisation not readable');
  return {
    organizationName: String(row.name),
    actionCategories: row.action_categories as string[],
    certifying: Boolean(row.certifying),
    workLinked: Boolean(row.work_linked),
    resultsPublished: Boolean(row.results_published),
    resultsComputedAt: isoOrNull(row.results_computed_at),
    resultsConfigured: Boolean(row.results_configured),
    positioningSent: int(row.positioning_sent),
    positioningAnswered: int(row.positioning_answered),
    positioningLastAt: isoOrNull(row.positioning_last_at),
    convocationSessions: int(row.convocation_sessions),
    convocationLearners: int(row.convocation_learners),
    convocationLastAt: isoOrNull(row.convocation_last_at),
    enrolments: int(row.enrolments),
    enrolmentsStarted: int(row.enrolments_started),
    progressLastAt: isoOrNull(row.progress_last_at),
    questions: int(row.questions),
    questionsAnswered: int(row.questions_answered),
    exchangesLastAt: isoOrNull(row.exchanges_last_at),
    quizAttempts: int(row.quiz_attempts),
    quizAttemptsLastAt: isoOrNull(row.quiz_attempts_last_at),
    exerciseReviews: int(row.exercise_reviews),
    exerciseReviewsLastAt: isoOrNull(row.exercise_reviews_last_at),
    inactivityReminders: int(row.inactivity_reminders),
    inactivityRemindersLastAt: isoOrNull(row.inactivity_reminders_last_at),
    evaluationReminders: int(row.evaluation_reminders),
    evaluationRemindersLastAt: isoOrNull(row.evaluation_reminders_last_at),
    lessonsCompleted: int(row.lessons_completed),
    lessonsLastAt: isoOrNull(row.lessons_last_at),
    timeSessions: int(row.time_sessions),
    trackedSeconds: int(row.tracked_seconds),
    timeLastAt: isoOrNull(row.time_last_at),
    staff: int(row.staff),
    staffWithCv: int(row.staff_with_cv),
    cvLastAt: isoOrNull(row.cv_last_at),
    surveysSent: int(row.surveys_sent),
    surveysAnswered: int(row.surveys_answered),
    surveysLastAt: isoOrNull(row.surveys_last_at),
  };
}

/** The organisation's published, current formations and the indicator-1 fields each lacks. */
export async function readProgrammeSheets(tx: Tx, organizationId: string): Promise<ProgrammeSheet[]> {
  const flags = PROGRAMME_FIELDS.map(([name, isMissing]) => sql`${isMissing} as ${sql.identifier(name)}`);
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`select c.id, c.title, c.updated_at, ${sql.join(flags, sql`, `)}
      from courses c
      where c.organization_id = ${organizationId} and c.status = 'published' and c.archived_at is null
      order by c.title, c.id limit 500`),
  );
  return rows.map((row) => ({
    id: String(row.id),
    title: String(row.title),
    updatedAt: new Date(row.updated_at as string).toISOString(),
    missing: PROGRAMME_FIELDS.map(([name]) => name).filter((name) => row[name] === true),
  }));
}

/** What a source shows, with the rule that says whether it alone is enough. */
function source(
  name: AutomaticEvidence['source'],
  count: number,
  total: number | null,
  lastAt: string | null,
  isMet: boolean,
  gaps: AutomaticEvidence['gaps'] = [],
): AutomaticEvidence {
  return { source: name, count, total, lastAt, isMet, gaps };
}

/** The registers' figures (indicators 23 to 25, 31, 32); their dates may be days (YYYY-MM-DD). */
export interface RegisterFigures {
  watch: Record<23 | 24 | 25, { entries: number; lastEntryAt: string | null }>;
  complaints: { total: number; answered: number; lastReceivedAt: string | null };
  improvements: { total: number; closed: number; lastCreatedAt: string | null };
}

/**
 * Each indicator's automatic evidence (docs/compliance.md lists the mapping). A source is met when
 * it shows the practice in full: every published formation complete (1), results published (2),
 * a positioning answered (8), learners convened (9), and so on.
 */
export function automaticEvidence(
  figures: PlatformFigures,
  sheets: ProgrammeSheet[],
  registers: RegisterFigures,
): Map<number, AutomaticEvidence[]> {
  const complete = sheets.filter((sheet) => sheet.missing.length === 0);
  const latest = (dates: (string | null)[]) =>
    dates
      .filter((date): date is string => date !== null)
      .sort()
      .at(-1) ?? null;
  const evidence = new Map<number, AutomaticEvidence[]>([
    [
      1,
      [
        source(
          'programmeSheets',
          complete.length,
          sheets.length,
          latest(sheets.map((sheet) => sheet.updatedAt)),
          sheets.length > 0 && complete.length === sheets.length,
          sheets
            .filter((sheet) => sheet.missing.length > 0)
            .map((sheet) => ({ label: sheet.title, missing: sheet.missing })),
        ),
      ],
    ],
    [
      2,
      [
        source(
          'publishedResults',
          figures.resultsPublished ? 1 : 0,
          null,
          figures.resultsComputedAt,
          figures.resultsPublished && figures.resultsComputedAt !== null,
        ),
      ],
    ],
    [
      8,
      [
        source(
          'positioning',
          figures.positioningAnswered,
          figures.positioningSent,
          figures.positioningLastAt,
          figures.positioningAnswered > 0,
        ),
      ],
    ],
    [
      9,
      [
        source(
          'convocations',
          figures.convocationLearners,
          null,
          figures.convocationLastAt,
          figures.convocationLearners > 0,
        ),
      ],
    ],
    [
      10,
      [
        source(
          'progress',
          figures.enrolmentsStarted,
          figures.enrolments,
          figures.progressLastAt,
          figures.enrolmentsStarted > 0,
        ),
        source(
          'exchanges',
          figures.questionsAnswered,
          figures.questions,
          figures.exchangesLastAt,
          figures.questionsAnswered > 0,
        ),
      ],
    ],
    [
      11,
      [
        source(
          'quizAttempts',
          figures.quizAttempts,
          null,
          figures.quizAttemptsLastAt,
          figures.quizAttempts > 0,
        ),
        source(
          'exerciseReviews',
          figures.exerciseReviews,
          null,
          figures.exerciseReviewsLastAt,
          figures.exerciseReviews > 0,
        ),
      ],
    ],
    [
      12,
      [
        source(
          'reminders',
          figures.inactivityReminders,
          null,
          figures.inactivityRemindersLastAt,
          figures.inactivityReminders > 0,
        ),
      ],
    ],
    [
      19,
      [
        source(
          'lessonsOpened',
          figures.lessonsCompleted,
          null,
          figures.lessonsLastAt,
          figures.lessonsCompleted > 0,
        ),
        source(
          'trackedTime',
          Math.floor(figures.trackedSeconds / 3600),
          null,
          figures.timeLastAt,
          figures.timeSessions > 0,
        ),
      ],
    ],
    [
      21,
      [
        source(
          'trainerCvs',
          figures.staffWithCv,
          figures.staff,
          figures.cvLastAt,
          figures.staff > 0 && figures.staffWithCv === figures.staff,
        ),
      ],
    ],
    [
      30,
      [
        source(
          'satisfaction',
          figures.surveysAnswered,
          figures.surveysSent,
          figures.surveysLastAt,
          figures.surveysAnswered > 0,
        ),
        source(
          'evaluationReminders',
          figures.evaluationReminders,
          null,
          figures.evaluationRemindersLastAt,
          // Reminders show the collection pursued, not feedback collected.
          figures.evaluationReminders > 0 && figures.surveysAnswered > 0,
        ),
      ],
    ],
  ]);
  for (const number of [23, 24, 25] as const) {
    const watch = registers.watch[number];
    evidence.set(number, [
      source('watch', watch.entries, null, isoOrNull(watch.lastEntryAt), watch.entries > 0),
    ]);
  }
  const { complaints, improvements } = registers;
  evidence.set(31, [
    source(
      'complaints',
      complaints.answered,
      complaints.total,
      isoOrNull(complaints.lastReceivedAt),
      complaints.total > 0 && complaints.answered === complaints.total,
    ),
  ]);
  evidence.set(32, [
    source(
      'improvements',
      improvements.closed,
      improvements.total,
      isoOrNull(improvements.lastCreatedAt),
      improvements.closed > 0,
    ),
  ]);
  return evidence;
}

/**
 * An indicator's status (docs/compliance.md): evidenced by an uploaded document or a source met;
 * partial when a source shows the practice begun (records, but not enough); missing otherwise.
 */
export function statusOf(
  automatic: AutomaticEvidence[],
  uploads: number,
): 'evidenced' | 'partial' | 'missing' {
  if (uploads > 0 || automatic.some((item) => item.isMet)) return 'evidenced';
  if (automatic.some((item) => item.count > 0 || (item.total ?? 0) > 0)) return 'partial';
  return 'missing';
}
