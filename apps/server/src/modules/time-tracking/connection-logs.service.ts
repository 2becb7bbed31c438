import {
  CONNECTION_LOG_ENTRIES_PER_STUDENT,
  type ConnectionLogFilters,
  type ConnectionLogs,
  type Language,
  type SessionUser,
  type StudentConnectionLog,
} from '@cursus/contracts';
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { SystemService } from '../system/system.module.ts';
import { formatDuration, formatParisDateTime, parisDayEnd, parisDayStart } from './paris-calendar.ts';
import { userTimeTracking } from './time-tracking.tables.ts';

type Student = { id: string; email: string; fullName: string; organizationId: string };
type SignIn = { userId: string; at: Date; userAgent: string | null; ipAddress: string | null };
type SessionRow = typeof userTimeTracking.$inferSelect;

const CSV_LABELS: Record<Language, { header: string[]; signIn: string; session: string; total: string }> = {
  fr: {
    header: ['Apprenant', 'E-mail', 'Type', 'Formation', 'Début', 'Fin', 'Durée (hh:mm:ss)', 'Adresse IP'],
    signIn: 'Connexion',
    session: 'Session suivie',
    total: 'Total',
  },
  en: {
    header: ['Learner', 'Email', 'Type', 'Course', 'Start', 'End', 'Duration (hh:mm:ss)', 'IP address'],
    signIn: 'Sign-in',
    session: 'Tracked session',
    total: 'Total',
  },
};

/**
 * One CSV cell for French Excel: quoted when it holds the separator, a quote or a line break, and
 * prefixed with an apostrophe when it starts like a formula, so a name such as "=HYPERLINK(…)"
 * typed by a learner is shown, never run, on the auditor's machine.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** `/trainer/connection-logs`: sign-ins and tracked sessions per learner, as JSON pages and as CSV. */
export function createConnectionLogsService(deps: {
  database: Database;
  organizations: OrganizationsService;
  system: SystemService;
  courses: CoursesService;
}) {
  const { database, organizations, system, courses } = deps;

  /** Trainers always see their own organisation; admins one they name, or all. */
  function scopeOf(actor: SessionUser, filters: ConnectionLogFilters) {
    if (actor.role === 'admin') return filters.organizationId ?? null;
    if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
    return actor.organizationId;
  }

  function sessionsWhere(organizationId: string | null, filters: ConnectionLogFilters, userIds?: string[]) {
    return and(
      organizationId ? eq(userTimeTracking.organizationId, organizationId) : undefined,
      filters.studentId ? eq(userTimeTracking.userId, filters.studentId) : undefined,
      userIds ? inArray(userTimeTracking.userId, userIds) : undefined,
      filters.courseId ? eq(userTimeTracking.courseId, filters.courseId) : undefined,
      filters.from ? gte(userTimeTracking.sessionStart, parisDayStart(filters.from)) : undefined,
      filters.to ? lt(userTimeTracking.sessionStart, parisDayEnd(filters.to)) : undefined,
    );
  }

  const signInRange = (filters: ConnectionLogFilters) => ({
    from: filters.from ? parisDayStart(filters.from) : undefined,
    to: filters.to ? parisDayEnd(filters.to) : undefined,
  });

  /** The learners in scope with their counts; with a formation filter, only those who tracked time on it. */
  async function summarise(actor: SessionUser, filters: ConnectionLogFilters) {
    const organizationId = scopeOf(actor, filters);
    const tenant = tenantOf(actor);
    const students = await organizations.listStudents(tenant, {
      organizationId,
      studentId: filters.studentId,
    });
    const sessionSums = await database.withTenant(tenant, (tx) =>
      tx
        .select({
          userId: userTimeTracking.userId,
          total: count(),
          seconds: sql<number>`coalesce(sum(${userTimeTracking.durationSeconds}), 0)::int`,
        })
        .from(userTimeTracking)
        .where(sessionsWhere(organizationId, filters))
        .groupBy(userTimeTracking.userId),
    );
    const sessionsBy = new Map(sessionSums.map((row) => [row.userId, row]));
    const signInsBy = await system.countSignIns(tenant, {
      organizationId,
      userIds: filters.studentId ? [filters.studentId] : undefined,
      ...signInRange(filters),
    });
    const rows = students
      .map((student) => ({
        student,
        signInCount: signInsBy.get(student.id) ?? 0,
        sessionCount: sessionsBy.get(student.id)?.total ?? 0,
        totalSeconds: Number(sessionsBy.get(student.id)?.seconds ?? 0),
      }))
      .filter((row) => !filters.courseId || row.sessionCount > 0);
    return { organizationId, rows };
  }

  async function details(
    actor: SessionUser,
    organizationId: string | null,
    filters: ConnectionLogFilters,
    students: Student[],
  ) {
    const tenant = tenantOf(actor);
    const userIds = students.map((student) => student.id);
    const sessions: SessionRow[] = userIds.length
      ? await database.withTenant(tenant, (tx) =>
          tx
            .select()
            .from(userTimeTracking)
            .where(sessionsWhere(organizationId, filters, userIds))
            .orderBy(desc(userTimeTracking.sessionStart), desc(userTimeTracking.id)),
        )
      : [];
    const signIns: SignIn[] = await system.listSignIns(tenant, { userIds, ...signInRange(filters) });
    const titles = await courses.titlesOf(tenant, [
      ...new Set(sessions.flatMap((session) => (session.courseId ? [session.courseId] : []))),
    ]);
    const group = <T extends { userId: string }>(items: T[]) => {
      const byUser = new Map<string, T[]>();
      for (const item of items) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
      return byUser;
    };
    return { sessionsBy: group(sessions), signInsBy: group(signIns), titles };
  }

  return {
    async list(
      actor: SessionUser,
      query: ConnectionLogFilters & { page: number; pageSize: number },
    ): Promise<ConnectionLogs> {
      const { organizationId, rows } = await summarise(actor, query);
      const page = rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
      const { sessionsBy, signInsBy, titles } = await details(
        actor,
        organizationId,
        query,
        page.map((row) => row.student),
      );
      const items: StudentConnectionLog[] = page.map((row) => ({
        studentId: row.student.id,
        fullName: row.student.fullName,
        email: row.student.email,
        signInCount: row.signInCount,
        sessionCount: row.sessionCount,
        totalSeconds: row.totalSeconds,
        signIns: (signInsBy.get(row.student.id) ?? [])
          .slice(0, CONNECTION_LOG_ENTRIES_PER_STUDENT)
          .map((signIn) => ({
            at: signIn.at.toISOString(),
            ipAddress: signIn.ipAddress,
            userAgent: signIn.userAgent,
          })),
        sessions: (sessionsBy.get(row.student.id) ?? [])
          .slice(0, CONNECTION_LOG_ENTRIES_PER_STUDENT)
          .map((session) => ({
            id: session.id,
            courseId: session.courseId,
            courseTitle: session.courseId ? (titles.get(session.courseId) ?? null) : null,
            sessionStart: session.sessionStart.toISOString(),
            sessionEnd: session.sessionEnd?.toISOString() ?? null,
            durationSeconds: session.durationSeconds,
          })),
      }));
      return {
        items,
        total: rows.length,
        page: query.page,
        pageSize: query.pageSize,
        totals: {
          studentCount: rows.length,
          signInCount: rows.reduce((sum, row) => sum + row.signInCount, 0),
          sessionCount: rows.reduce((sum, row) => sum + row.sessionCount, 0),
          totalSeconds: rows.reduce((sum, row) => sum + row.totalSeconds, 0),
        },
      };
    },

    /** Every row of the filters, oldest first per learner, with a total line per learner. */
    async exportCsv(actor: SessionUser, filters: ConnectionLogFilters, language: Language): Promise<string> {
      const labels = CSV_LABELS[language];
      const { organizationId, rows } = await summarise(actor, filters);
      const { sessionsBy, signInsBy, titles } = await details(
        actor,
        organizationId,
        filters,
        rows.map((row) => row.student),
      );
      const lines = [labels.header];
      for (const { student, totalSeconds } of rows) {
        const who = [student.fullName, student.email];
        const events = [
          ...(signInsBy.get(student.id) ?? []).map((signIn) => ({
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
          ...(sessionsBy.get(student.id) ?? []).map((session) => ({
            at: session.sessionStart,
            cells: [
              ...who,
              labels.session,
              session.courseId ? (titles.get(session.courseId) ?? '') : '',
              formatParisDateTime(session.sessionStart),
              session.sessionEnd ? formatParisDateTime(session.sessionEnd) : '',
              formatDuration(session.durationSeconds),
              '',
            ],
          })),
        ].sort((a, b) => a.at.getTime() - b.at.getTime());
        lines.push(...events.map((event) => event.cells));
        lines.push([...who, labels.total, '', '', '', formatDuration(totalSeconds), '']);
      }
      // A byte-order mark, or Excel reads UTF-8 as Windows-1252 and mangles accents.
      return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
    },
  };
}

export type ConnectionLogsService = ReturnType<typeof createConnectionLogsService>;
