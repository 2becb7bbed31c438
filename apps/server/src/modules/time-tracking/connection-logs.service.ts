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
import { and, asc, count, desc, eq, gte, inArray, lt, type SQLWrapper, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
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
    return {
      organizationId: organizationOf(actor, filters),
      filters,
      period,
      start: parisDayStart(period.from),
      end: parisDayEnd(period.to),
    };
  }
  type Scope = ReturnType<typeof scopeOf>;

  function sessionsWhere(scope: Scope, userIds?: string[] | SQLWrapper) {
    const { organizationId, filters } = scope;
    return and(
      organizationId ? eq(userTimeTracking.organizationId, organizationId) : undefined,
      filters.studentId ? eq(userTimeTracking.userId, filters.studentId) : undefined,
      userIds ? inArray(userTimeTracking.userId, userIds) : undefined,
      filters.courseId ? eq(userTimeTracking.courseId, filters.courseId) : undefined,
      gte(userTimeTracking.sessionStart, scope.start),
      lt(userTimeTracking.sessionStart, scope.end),
    );
  }

  /** The learners listed: students of the scope; with a formation, only those who tracked time on it. */
  function learnersOf(tx: Tx, scope: Scope): PeopleFilter {
    const { organizationId, filters } = scope;
    return {
      organizationId: organizationId ?? undefined,
      placedOnly: true,
      studentsOnly: true,
      ids: filters.courseId
        ? tx
            .selectDistinct({ id: userTimeTracking.userId })
            .from(userTimeTracking)
            .where(sessionsWhere(scope))
        : filters.studentId
          ? [filters.studentId]
          : undefined,
    };
  }

  const signInFilter = (scope: Scope, userIds?: string[] | SQLWrapper) => ({
    userIds,
    from: scope.start,
    to: scope.end,
  });

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
   * One page of learners with their counts, and the totals of the whole scope:
   * three statements in one transaction (issue 12), whatever the page size. The sign-ins and the
   * formations' titles come from their modules as parts of these statements.
   */
  async function readListPage(actor: SessionUser, scope: Scope, page: { page: number; pageSize: number }) {
    return database.withTenant(tenantOf(actor), async (tx) => {
      const learners = learnersOf(tx, scope);
      const people: Person[] = await organizations
        .findPeople(tx, learners)
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize);
      // The scope's learners once, as a CTE the three totals read (PostgreSQL materialises a CTE
      // used more than once): computed three times, with their policies, it was most of the statement.
      const scopeLearners = tx.$with('scope_learners').as(organizations.peopleIds(learners));
      const inScope = tx.select({ id: scopeLearners.id }).from(scopeLearners);
      const [totals] = await tx
        .with(scopeLearners)
        .select({
          studentCount: sql<number>`(select count(*)::int from (${inScope}) as learners)`,
          signInCount: system.signInsFragments.count({ ...signInFilter(scope), userIds: inScope }),
          sessionCount: count(),
          totalSeconds: sql<number>`coalesce(sum(${userTimeTracking.durationSeconds}), 0)::int`,
        })
        .from(userTimeTracking)
        .where(sessionsWhere(scope, inScope));
      if (people.length === 0) return { people, totals, counts: [] };
      const learner = sql`learner.id`;
      const ownSessions = and(eq(userTimeTracking.userId, learner), sessionsWhere(scope));
      // Each learner's sessions are read once, for their count and their sum.
      const counts = await tx
        .select({
          userId: sql<string>`learner.id`,
          sessionCount: sql<number>`own.session_count`,
          totalSeconds: sql<number>`own.total_seconds`,
          signInCount: system.signInsFragments.count({ ...signInFilter(scope), userId: learner }),
        })
        .from(
          sql`(values ${sql.join(
            people.map((person) => sql`(${person.id})`),
            sql`, `,
          )}) as learner(id)
          cross join lateral (select count(*)::int as session_count,
            coalesce(sum(${userTimeTracking.durationSeconds}), 0)::int as total_seconds
            from ${userTimeTracking} where ${ownSessions}) as own`,
        );
      return { people, totals, counts };
    });
  }

  /** One learner's newest sessions and sign-ins of the scope, if the scope lists them. */
  async function readEntries(actor: SessionUser, scope: Scope, studentId: string) {
    return database.withTenant(tenantOf(actor), async (tx) => {
      const [person] = await organizations.findPeople(tx, learnersOf(tx, scope)).limit(1);
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
        .where(and(eq(userTimeTracking.userId, learner), sessionsWhere(scope)))
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
            { ...signInFilter(scope), userId: learner },
            CONNECTION_LOG_ENTRIES_PER_STUDENT,
          ),
        })
        .from(sql`(values (${studentId})) as learner(id)`);
      return { sessions: entries?.sessions ?? [], signIns: entries?.signIns ?? [] };
    });
  }

  /** One batch of the export: every session and sign-in of these learners over the period. */
  async function readBatch(actor: SessionUser, scope: Scope, offset: number) {
    const tenant = tenantOf(actor);
    const { people, sessions } = await database.withTenant(tenant, async (tx) => {
      const batch: Person[] = await organizations
        .findPeople(tx, learnersOf(tx, scope))
        .limit(CONNECTION_LOG_EXPORT_BATCH)
        .offset(offset);
      const ids = batch.map((person) => person.id);
      return {
        people: batch,
        sessions: ids.length
          ? await tx
              .select()
              .from(userTimeTracking)
              .where(sessionsWhere(scope, ids))
              .orderBy(asc(userTimeTracking.sessionStart), asc(userTimeTracking.id))
          : [],
      };
    });
    const ids = people.map((person) => person.id);
    const signIns: SignIn[] = await system.listSignIns(tenant, signInFilter(scope, ids));
    return { people, sessions, signIns, titles: await titlesOf(actor, sessions) };
  }

  return {
    async list(
      actor: SessionUser,
      query: ConnectionLogFilters & { page: number; pageSize: number },
    ): Promise<ConnectionLogs> {
      const scope = scopeOf(actor, query);
      const { people, totals, counts } = await readListPage(actor, scope, query);
      const countsBy = new Map(counts.map((entry) => [entry.userId, entry]));
      const items: StudentConnectionLog[] = people.map((person) => {
        const entry = countsBy.get(person.id);
        return {
          studentId: person.id,
          fullName: person.fullName,
          email: person.email,
          signInCount: entry?.signInCount ?? 0,
          sessionCount: entry?.sessionCount ?? 0,
          totalSeconds: Number(entry?.totalSeconds ?? 0),
        };
      });
      const studentCount = totals?.studentCount ?? 0;
      return {
        items,
        total: studentCount,
        page: query.page,
        pageSize: query.pageSize,
        period: scope.period,
        totals: {
          studentCount,
          signInCount: totals?.signInCount ?? 0,
          sessionCount: totals?.sessionCount ?? 0,
          totalSeconds: Number(totals?.totalSeconds ?? 0),
        },
      };
    },

    async entries(
      actor: SessionUser,
      studentId: string,
      filters: ConnectionLogFilters,
    ): Promise<StudentConnectionLogEntries> {
      const { sessions, signIns } = await readEntries(
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
