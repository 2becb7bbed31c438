import {
  CONNECTION_LOG_DEFAULT_RANGE_DAYS,
  CONNECTION_LOG_ENTRIES_PER_STUDENT,
  CONNECTION_LOG_MAX_RANGE_DAYS,
  type ConnectionLogFilters,
  type ConnectionLogs,
  countDaysInRange,
  type Language,
  type SessionUser,
  type StudentConnectionLog,
  type StudentConnectionLogEntries,
} from '@cursus/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lt, type Placeholder, sql } from 'drizzle-orm';
import { type Database, type Db, tenantOf } from '../../db/client.ts';
import { reusableByShape } from '../../db/reusable.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvLine, EXCEL_CSV_BOM } from '../../lib/excel-csv.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { SystemService } from '../system/system.module.ts';
import { formatDuration, formatParisDateTime, parisDayEnd, parisDayStart } from './paris-calendar.ts';
import { userTimeTracking } from './time-tracking.tables.ts';

type Person = { id: string; email: string; fullName: string };
type SignIn = { userId: string; at: Date; userAgent: string | null; ipAddress: string | null };
type Period = { from: string; to: string };
/** A session as the page's statement gives it, in JSON (times as PostgreSQL writes them). */
type SessionJson = {
  id: string;
  courseId: string | null;
  courseTitle: string | null;
  sessionStart: string;
  sessionEnd: string | null;
  durationSeconds: number;
  source: string;
};
type PeopleFilter = Parameters<OrganizationsService['pagePeople']>[1];
/**
 * What narrows a scope's statements: its values, or placeholders in the list's statement, which is
 * built once (db/reusable.ts) and given the values at each request.
 */
interface Bounds {
  /** null: every organisation (an admin naming none). */
  organizationId: string | Placeholder | null;
  studentId?: string | Placeholder;
  courseId?: string | Placeholder;
  start: Date | Placeholder;
  end: Date | Placeholder;
}

/**
 * Learners per batch of the CSV export: each batch's sessions and sign-ins (at most a year of
 * them, CONNECTION_LOG_MAX_RANGE_DAYS) are read, written out and dropped before the next.
 */
export const CONNECTION_LOG_EXPORT_BATCH = 50;

const CSV_LABELS: Record<
  Language,
  { header: string[]; signIn: string; session: string; offlineSession: string; total: string }
> = {
  fr: {
    header: ['Apprenant', 'E-mail', 'Type', 'Formation', 'Début', 'Fin', 'Durée (hh:mm:ss)', 'Adresse IP'],
    signIn: 'Connexion',
    session: 'Session suivie',
    offlineSession: 'Session hors ligne (déclarée)',
    total: 'Total',
  },
  en: {
    header: ['Learner', 'Email', 'Type', 'Course', 'Start', 'End', 'Duration (hh:mm:ss)', 'IP address'],
    signIn: 'Sign-in',
    session: 'Tracked session',
    offlineSession: 'Offline session (declared)',
    total: 'Total',
  },
};

/** 'YYYY-MM-DD' moved by whole calendar days. */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/**
 * `/trainer/connection-logs`: sign-ins and tracked sessions per learner, as JSON pages and as CSV.
 * Nothing loads a whole scope: learners are paged in SQL, totals are sums in SQL, and the period
 * is capped (an admin naming no organisation reads every organisation, one page at a time).
 */
export function createConnectionLogsService(deps: {
  database: Database;
  organizations: OrganizationsService;
  system: SystemService;
  courses: CoursesService;
  now: () => Date;
}) {
  const { database, organizations, system, courses, now } = deps;

  /** Trainers always see their own organisation; admins one they name, or all. */
  function organizationOf(actor: SessionUser, filters: ConnectionLogFilters) {
    if (actor.role === 'admin') return filters.organizationId ?? null;
    if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
    return actor.organizationId;
  }

  /** The days read: the filters', the last 31 days up to today (Paris) without them, never over the cap. */
  function periodOf(filters: ConnectionLogFilters): Period {
    const today = formatParisDateTime(now()).slice(0, 10);
    const to = filters.to ?? (filters.from && filters.from > today ? filters.from : today);
    const from = filters.from ?? addDays(to, 1 - CONNECTION_LOG_DEFAULT_RANGE_DAYS);
    if (countDaysInRange(from, to) > CONNECTION_LOG_MAX_RANGE_DAYS) {
      throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'from', message: 'DATE_RANGE_TOO_LONG' }] });
    }
    return { from, to };
  }

  function scopeOf(actor: SessionUser, filters: ConnectionLogFilters) {
    const period = periodOf(filters);
    const bounds: Bounds = {
      organizationId: organizationOf(actor, filters),
      studentId: filters.studentId,
      courseId: filters.courseId,
      start: parisDayStart(period.from),
      end: parisDayEnd(period.to),
    };
    return { period, bounds };
  }
  type Scope = ReturnType<typeof scopeOf>;

  function sessionsWhere(bounds: Bounds, userIds?: string[]) {
    return and(
      bounds.organizationId ? eq(userTimeTracking.organizationId, bounds.organizationId) : undefined,
      bounds.studentId ? eq(userTimeTracking.userId, bounds.studentId) : undefined,
      userIds ? inArray(userTimeTracking.userId, userIds) : undefined,
      bounds.courseId ? eq(userTimeTracking.courseId, bounds.courseId) : undefined,
      gte(userTimeTracking.sessionStart, bounds.start),
      lt(userTimeTracking.sessionStart, bounds.end),
    );
  }

  /** The learners listed: students of the scope; with a formation, only those who tracked time on it. */
  function learnersOf(db: Db, bounds: Bounds): PeopleFilter {
    return {
      organizationId: bounds.organizationId ?? undefined,
      placedOnly: true,
      studentsOnly: true,
      ids: bounds.courseId
        ? db
            .selectDistinct({ id: userTimeTracking.userId })
            .from(userTimeTracking)
            .where(sessionsWhere(bounds))
        : bounds.studentId
          ? [bounds.studentId]
          : undefined,
    };
  }

  const signInFilter = (bounds: Bounds) => ({ from: bounds.start, to: bounds.end });

  const titlesOf = (actor: SessionUser, sessions: { courseId: string | null }[]) =>
    courses.titlesOf(tenantOf(actor), [
      ...new Set(sessions.flatMap((session) => (session.courseId ? [session.courseId] : []))),
    ]);

  const byUser = <T extends { userId: string }>(items: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const item of items) grouped.set(item.userId, [...(grouped.get(item.userId) ?? []), item]);
    return grouped;
  };

  /**
   * A page of learners with their counts, and the totals of the whole scope, in one statement
   * (issue 12). The scope's sessions and sign-ins over the period are read once each, by
   * organisation and date from their indexes alone, and counted per learner; the learners listed
   * come from the profiles' index by name; window sums over every learner of the scope give the
   * totals before the page is cut. Counting each learner's rows with their own index descent, for
   * the totals and again for the page, read 1,300 buffers per page of an organisation of 100
   * learners; this reads about 70. The statement is built once per shape of the filters: building it
   * at each request cost the server about 0.4 ms of CPU per request (bench:server-cost).
   */
  const listStatement = reusableByShape(
    (shape: { byOrganization: boolean; byStudent: boolean; byCourse: boolean }) => {
      const bounds: Bounds = {
        organizationId: shape.byOrganization ? sql.placeholder('organizationId') : null,
        studentId: shape.byStudent ? sql.placeholder('studentId') : undefined,
        courseId: shape.byCourse ? sql.placeholder('courseId') : undefined,
        start: sql.placeholder('start'),
        end: sql.placeholder('end'),
      };
      return (db: Db) => {
        const learner = organizations.people(learnersOf(db, bounds)).as('learner');
        const sessions = db
          .select({
            userId: userTimeTracking.userId,
            sessionCount: sql<number>`count(*)::int`.as('session_count'),
            // A bigint, which pg gives as text.
            totalSeconds: sql<string>`sum(${userTimeTracking.durationSeconds})`.as('total_seconds'),
          })
          .from(userTimeTracking)
          .where(sessionsWhere(bounds))
          .groupBy(userTimeTracking.userId)
          .as('own_sessions');
        // By organisation, as the sessions: a trainer's policy shows no other organisation's sign-ins.
        const signIns = system.signInsFragments
          .countPerUser({ ...signInFilter(bounds), organizationId: bounds.organizationId })
          .as('own_sign_ins');
        return db
          .select({
            id: learner.id,
            fullName: learner.fullName,
            email: learner.email,
            sessionCount: sql<number>`coalesce(${sessions.sessionCount}, 0)`,
            totalSeconds: sql<string>`coalesce(${sessions.totalSeconds}, 0)`,
            signInCount: sql<number>`coalesce(${signIns.signInCount}, 0)`,
            scopeStudents: sql<number>`(count(*) over ())::int`,
            scopeSessions: sql<number>`coalesce(sum(${sessions.sessionCount}) over (), 0)::int`,
            scopeSeconds: sql<string>`coalesce(sum(${sessions.totalSeconds}) over (), 0)`,
            scopeSignIns: sql<number>`coalesce(sum(${signIns.signInCount}) over (), 0)::int`,
          })
          .from(learner)
          .leftJoin(sessions, eq(sessions.userId, learner.id))
          .leftJoin(signIns, eq(signIns.userId, learner.id))
          .orderBy(asc(learner.fullName), asc(learner.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
      };
    },
  );

  async function readListPage(actor: SessionUser, scope: Scope, page: { page: number; pageSize: number }) {
    const { bounds } = scope;
    const shape = {
      byOrganization: bounds.organizationId !== null,
      byStudent: bounds.studentId !== undefined,
      byCourse: bounds.courseId !== undefined,
    };
    const statement = listStatement(shape);
    // The generic plan cannot see the period, guesses a few sessions in it, and joins the learners to
    // their counts by nested loop, comparing every pair: 1.15 ms for an organisation of 100 learners
    // over a month, against 0.85 ms by hash join (issue 12, bench/results). This transaction runs only
    // this statement, so its plan, cached on the connection, is always built and run without them.
    return database.withTenant(
      tenantOf(actor),
      async (tx) => {
        const rows = (offset: number, limit: number) => statement(tx, { ...bounds, offset, limit });
        const found = await rows((page.page - 1) * page.pageSize, page.pageSize);
        // Past the last page no row carries the totals: the first row does.
        const [first] = found.length > 0 || page.page === 1 ? found : await rows(0, 1);
        return {
          rows: found,
          totals: {
            studentCount: first?.scopeStudents ?? 0,
            signInCount: first?.scopeSignIns ?? 0,
            sessionCount: first?.scopeSessions ?? 0,
            totalSeconds: Number(first?.scopeSeconds ?? 0),
          },
        };
      },
      { withoutNestedLoops: true },
    );
  }

  /** One learner's newest sessions and sign-ins of the scope, if the scope lists them. */
  async function readEntries(actor: SessionUser, scope: Scope, studentId: string) {
    return database.withTenant(tenantOf(actor), async (tx) => {
      const [person] = await organizations.findPeople(tx, learnersOf(tx, scope.bounds)).limit(1);
      if (!person) throw new AppError('USER_NOT_FOUND');
      const learner = sql`${studentId}`;
      const newestSessions = tx
        .select({
          id: userTimeTracking.id,
          courseId: userTimeTracking.courseId,
          sessionStart: userTimeTracking.sessionStart,
          sessionEnd: userTimeTracking.sessionEnd,
          durationSeconds: userTimeTracking.durationSeconds,
          source: userTimeTracking.source,
        })
        .from(userTimeTracking)
        .where(and(eq(userTimeTracking.userId, learner), sessionsWhere(scope.bounds)))
        .orderBy(desc(userTimeTracking.sessionStart), desc(userTimeTracking.id))
        .limit(CONNECTION_LOG_ENTRIES_PER_STUDENT)
        .as('newest');
      // Both lists in one statement, as JSON: its one row is the learner's.
      const [entries] = await tx
        .select({
          sessions: sql<
            SessionJson[] | null
          >`(select json_agg(json_build_object('id', newest.id, 'courseId', newest.course_id, 'courseTitle', ${courses.titleOf(sql`newest.course_id`)}, 'sessionStart', newest.session_start, 'sessionEnd', newest.session_end, 'durationSeconds', newest.duration_seconds, 'source', newest.source) order by newest.session_start desc, newest.id desc) from ${newestSessions})`,
          signIns: system.signInsFragments.newest(
            { ...signInFilter(scope.bounds), userId: learner },
            CONNECTION_LOG_ENTRIES_PER_STUDENT,
          ),
          // Asked here rather than in the list, where it cost every page a look per learner.
          hasOpenSession: sql<boolean>`exists (${tx
            .select({ one: sql`1` })
            .from(userTimeTracking)
            .where(and(eq(userTimeTracking.userId, learner), isNull(userTimeTracking.sessionEnd)))})`,
        })
        .from(sql`(values (${studentId})) as learner(id)`);
      return {
        sessions: entries?.sessions ?? [],
        signIns: entries?.signIns ?? [],
        hasOpenSession: entries?.hasOpenSession ?? false,
      };
    });
  }

  /** One batch of the export: every session and sign-in of these learners over the period. */
  async function readBatch(actor: SessionUser, scope: Scope, offset: number) {
    const tenant = tenantOf(actor);
    const { people, sessions } = await database.withTenant(tenant, async (tx) => {
      const batch: Person[] = await organizations
        .findPeople(tx, learnersOf(tx, scope.bounds))
        .limit(CONNECTION_LOG_EXPORT_BATCH)
        .offset(offset);
      const ids = batch.map((person) => person.id);
      return {
        people: batch,
        sessions: ids.length
          ? await tx
              .select()
              .from(userTimeTracking)
              .where(sessionsWhere(scope.bounds, ids))
              .orderBy(asc(userTimeTracking.sessionStart), asc(userTimeTracking.id))
          : [],
      };
    });
    const ids = people.map((person) => person.id);
    const signIns: SignIn[] = await system.listSignIns(tenant, {
      ...signInFilter(scope.bounds),
      userIds: ids,
    });
    return { people, sessions, signIns, titles: await titlesOf(actor, sessions) };
  }

  return {
    async list(
      actor: SessionUser,
      query: ConnectionLogFilters & { page: number; pageSize: number },
    ): Promise<ConnectionLogs> {
      const scope = scopeOf(actor, query);
      const { rows, totals } = await readListPage(actor, scope, query);
      const items: StudentConnectionLog[] = rows.map((row) => ({
        studentId: row.id,
        fullName: row.fullName,
        email: row.email,
        signInCount: row.signInCount,
        sessionCount: row.sessionCount,
        totalSeconds: Number(row.totalSeconds),
      }));
      return {
        items,
        total: totals.studentCount,
        page: query.page,
        pageSize: query.pageSize,
        period: scope.period,
        totals,
      };
    },

    async entries(
      actor: SessionUser,
      studentId: string,
      filters: ConnectionLogFilters,
    ): Promise<StudentConnectionLogEntries> {
      const { sessions, signIns, hasOpenSession } = await readEntries(
        actor,
        scopeOf(actor, { ...filters, studentId }),
        studentId,
      );
      return {
        sessions: sessions.map((session) => ({
          id: session.id,
          courseId: session.courseId,
          courseTitle: session.courseTitle,
          sessionStart: new Date(session.sessionStart).toISOString(),
          sessionEnd: session.sessionEnd ? new Date(session.sessionEnd).toISOString() : null,
          durationSeconds: session.durationSeconds,
          source: session.source === 'offline' ? 'offline' : 'online',
        })),
        signIns: signIns.map((signIn) => ({
          at: new Date(signIn.at).toISOString(),
          ipAddress: signIn.ipAddress,
          userAgent: signIn.userAgent,
        })),
        hasOpenSession,
      };
    },

    /**
     * Every row of the filters, oldest first per learner, with a total line per learner, as a
     * stream of CSV text. The filters are checked before the first byte, so a refusal is still a
     * 400; then learners are read CONNECTION_LOG_EXPORT_BATCH at a time.
     */
    exportCsv(actor: SessionUser, filters: ConnectionLogFilters, language: Language): AsyncIterable<string> {
      const scope = scopeOf(actor, filters);
      const labels = CSV_LABELS[language];
      async function* lines() {
        // A byte-order mark, or Excel reads UTF-8 as Windows-1252 and mangles accents.
        yield EXCEL_CSV_BOM + csvLine(labels.header);
        for (let offset = 0; ; offset += CONNECTION_LOG_EXPORT_BATCH) {
          const { people, sessions, signIns, titles } = await readBatch(actor, scope, offset);
          const sessionsBy = byUser(sessions);
          const signInsBy = byUser(signIns);
          let chunk = '';
          for (const person of people) {
            const who = [person.fullName, person.email];
            const own = sessionsBy.get(person.id) ?? [];
            const events = [
              ...(signInsBy.get(person.id) ?? []).map((signIn) => ({
                at: signIn.at,
                cells: [
                  ...who,
                  labels.signIn,
                  '',
                  formatParisDateTime(signIn.at),
                  '',
                  '',
                  signIn.ipAddress ?? '',
                ],
              })),
              ...own.map((session) => ({
                at: session.sessionStart,
                cells: [
                  ...who,
                  session.source === 'offline' ? labels.offlineSession : labels.session,
                  session.courseId ? (titles.get(session.courseId) ?? '') : '',
                  formatParisDateTime(session.sessionStart),
                  session.sessionEnd ? formatParisDateTime(session.sessionEnd) : '',
                  formatDuration(session.durationSeconds),
                  '',
                ],
              })),
            ].sort((a, b) => a.at.getTime() - b.at.getTime());
            const totalSeconds = own.reduce((sum, session) => sum + session.durationSeconds, 0);
            for (const event of events) chunk += csvLine(event.cells);
            chunk += csvLine([...who, labels.total, '', '', '', formatDuration(totalSeconds), '']);
          }
          if (chunk) yield chunk;
          if (people.length < CONNECTION_LOG_EXPORT_BATCH) return;
        }
      }
      return lines();
    },
  };
}

export type ConnectionLogsService = ReturnType<typeof createConnectionLogsService>;
