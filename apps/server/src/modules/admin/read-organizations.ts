import {
  type AdminCourseStatus,
  type AdminOrganizationCourseList,
  type AdminOrganizationDetail,
  type AdminOrganizationList,
  type CatalogueCourseList,
  ORGANIZATION_RECENT_ACTIVITY,
  type OrganizationActivityKind,
} from '@cursus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { platformRoleOf } from './read-platform.ts';
import { int, iso, rowsOf } from './sql-rows.ts';

/** Learners active within these days count on an organisation's overview (as the trainer dashboard). */
const ACTIVE_DAYS = 30;

interface PageInput {
  page: number;
  pageSize: number;
  search?: string;
}

const limitOf = (page: PageInput) => sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`;

/**
 * An organisation's counts, over `o` (a row of organizations): one definition for the list and the
 * overview. Staff and learners are counted among `people` (its members, each with their `role`);
 * formations published and draft, archived ones aside; enrolments.
 */
const countsOf = (people: SQL) => sql`
  (select count(*) from ${people} where role in ('trainer', 'admin')) as trainers,
  (select count(*) from ${people} where role = 'student') as learners,
  (select count(*) from courses c where c.organization_id = o.id and c.archived_at is null
    and c.status = 'published') as published,
  (select count(*) from courses c where c.organization_id = o.id and c.archived_at is null
    and c.status = 'draft') as draft,
  (select count(*) from course_enrollments e where e.organization_id = o.id) as enrolments`;

const countsFrom = (row: Record<string, unknown>) => ({
  trainers: int(row.trainers),
  learners: int(row.learners),
  published: int(row.published),
  draft: int(row.draft),
  enrolments: int(row.enrolments),
});

/** A formation's modules and lessons, over `c` (a row of courses). */
const CONTENT_COUNTS = sql`
  (select count(*) from course_modules m where m.course_id = c.id) as modules,
  (select count(*) from course_lessons l where l.course_id = c.id) as lessons`;

/**
 * The admin space's reads over one organisation or all of them, in an admin's transaction (the
 * policies let them read every row). Each page is two statements: its count and its rows.
 */
export function organizationReads(adminEmails: readonly string[]) {
  const roleOf = (profile: string) => platformRoleOf(profile, adminEmails);

  async function total(tx: Tx, from: SQL): Promise<number> {
    const [row] = rowsOf<{ total: unknown }>(await tx.execute(sql`select count(*) as total from ${from}`));
    return int(row?.total);
  }

  return {
    /** Every organisation by name, with its people, formations and enrolments counted. */
    async list(tx: Tx, query: PageInput): Promise<Omit<AdminOrganizationList, 'page' | 'pageSize'>> {
      const from = sql`organizations o ${query.search ? sql`where o.name ilike ${containsPattern(query.search)}` : sql``}`;
      const count = await total(tx, from);
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select o.id, o.name, o.created_at,
            ${countsOf(sql`(select ${roleOf('p')} as role from profiles p where p.organization_id = o.id) people`)}
          from ${from}
          order by o.name, o.id ${limitOf(query)}`),
      );
      return {
        total: count,
        items: rows.map((row) => {
          const counts = countsFrom(row);
          return {
            id: row.id as string,
            name: row.name as string,
            createdAt: iso(row.created_at),
            trainerCount: counts.trainers,
            learnerCount: counts.learners,
            publishedCourseCount: counts.published,
            draftCourseCount: counts.draft,
            enrolmentCount: counts.enrolments,
          };
        }),
      };
    },

    /** The organisation's name, or NOT_FOUND. */
    async nameOf(tx: Tx, organizationId: string): Promise<string> {
      const [row] = rowsOf<{ name: string }>(
        await tx.execute(sql`select name from organizations where id = ${organizationId}`),
      );
      if (!row) throw new AppError('NOT_FOUND');
      return row.name;
    },

    /** The overview: legal info, Qualiopi, figures and recent activity, in one statement. */
    async detail(tx: Tx, organizationId: string, at: Date): Promise<AdminOrganizationDetail> {
      const atSql = sql`${at.toISOString()}::timestamptz`;
      const activeSince = sql`(${atSql} - ${ACTIVE_DAYS} * interval '1 day')`;
      const [row] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          with members as materialized (
            select p.id, p.full_name, p.created_at, ${roleOf('p')} as role
            from profiles p where p.organization_id = ${organizationId}
          )
          select o.id, o.name, o.created_at, o.siret, o.activity_declaration_number, o.vat_number,
            o.address_line, o.postal_code, o.city, o.country, o.legal_representative_name,
            o.legal_representative_title, o.qualiopi_number, o.qualiopi_issuer,
            o.qualiopi_valid_until::text as qualiopi_valid_until,
            o.qualiopi_valid_until < (${atSql} at time zone 'Europe/Paris')::date as qualiopi_expired,
            ${countsOf(sql`members`)},
            (select count(*) from members l where l.role = 'student' and (
              exists (select 1 from sign_in_logs s where s.user_id = l.id and s.created_at >= ${activeSince})
              or exists (select 1 from user_time_tracking t where t.user_id = l.id
                and t.last_activity_at >= ${activeSince}))) as active_learners,
            (select round(avg(e.progress)) from course_enrollments e where e.organization_id = o.id) as average_progress,
            (select count(*) from student_questions q where q.organization_id = o.id and q.status = 'pending') as pending_questions,
            (select coalesce(sum(t.duration_seconds), 0) from user_time_tracking t where t.organization_id = o.id
              and t.session_start >= date_trunc('month', ${atSql}, 'Europe/Paris')) as month_seconds,
            coalesce((select json_agg(a order by a.at desc) from (
              select * from (
                (select case when m.role = 'student' then 'learner_joined' else 'trainer_joined' end as kind,
                  m.created_at as at, m.full_name as label, null::text as detail
                  from members m order by m.created_at desc limit ${ORGANIZATION_RECENT_ACTIVITY})
                union all
                (select 'course_created', c.created_at, c.title, null from courses c
                  where c.organization_id = o.id order by c.created_at desc limit ${ORGANIZATION_RECENT_ACTIVITY})
                union all
                (select 'enrolment', e.created_at, coalesce(p.full_name, ''), c.title from course_enrollments e
                  join courses c on c.id = e.course_id left join profiles p on p.id = e.student_id
                  where e.organization_id = o.id order by e.created_at desc limit ${ORGANIZATION_RECENT_ACTIVITY})
                union all
                (select 'question', q.created_at, coalesce(p.full_name, ''), q.subject from student_questions q
                  left join profiles p on p.id = q.student_id
                  where q.organization_id = o.id order by q.created_at desc limit ${ORGANIZATION_RECENT_ACTIVITY})
              ) events order by at desc limit ${ORGANIZATION_RECENT_ACTIVITY}
            ) a), '[]') as recent
          from organizations o where o.id = ${organizationId}`),
      );
      if (!row) throw new AppError('NOT_FOUND');
      const text = (value: unknown) => (value as string | null) ?? null;
      const average = row.average_progress;
      const counts = countsFrom(row);
      return {
        id: row.id as string,
        name: row.name as string,
        createdAt: iso(row.created_at),
        legal: {
          siret: text(row.siret),
          activityDeclarationNumber: text(row.activity_declaration_number),
          vatNumber: text(row.vat_number),
          addressLine: text(row.address_line),
          postalCode: text(row.postal_code),
          city: text(row.city),
          country: text(row.country),
          legalRepresentativeName: text(row.legal_representative_name),
          legalRepresentativeTitle: text(row.legal_representative_title),
        },
        qualiopi: {
          number: text(row.qualiopi_number),
          issuer: text(row.qualiopi_issuer),
          validUntil: text(row.qualiopi_valid_until),
          isExpired: row.qualiopi_expired === true,
        },
        figures: {
          trainers: counts.trainers,
          learners: counts.learners,
          activeLearners: int(row.active_learners),
          publishedCourses: counts.published,
          draftCourses: counts.draft,
          enrolments: counts.enrolments,
          averageProgress: average === null || average === undefined ? null : int(average),
          pendingQuestions: int(row.pending_questions),
          monthSeconds: int(row.month_seconds),
        },
        recentActivity: (
          (row.recent ?? []) as {
            kind: OrganizationActivityKind;
            at: string;
            label: string;
            detail: string | null;
          }[]
        ).map((event) => ({ kind: event.kind, at: iso(event.at), label: event.label, detail: event.detail })),
      };
    },

    /** The organisation's formations (archived ones aside), newest change first. */
    async courses(
      tx: Tx,
      organizationId: string,
      query: PageInput,
    ): Promise<Omit<AdminOrganizationCourseList, 'page' | 'pageSize'>> {
      const search = query.search ? sql`and c.title ilike ${containsPattern(query.search)}` : sql``;
      const from = sql`courses c where c.organization_id = ${organizationId} and c.archived_at is null ${search}`;
      const count = await total(tx, from);
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select c.id, c.title, c.status, c.updated_at, ${CONTENT_COUNTS},
            (select count(*) from course_enrollments e where e.course_id = c.id) as enrolments
          from ${from}
          order by c.updated_at desc, c.id ${limitOf(query)}`),
      );
      return {
        total: count,
        items: rows.map((row) => ({
          id: row.id as string,
          title: row.title as string,
          status: row.status as AdminCourseStatus,
          moduleCount: int(row.modules),
          lessonCount: int(row.lessons),
          enrolmentCount: int(row.enrolments),
          updatedAt: iso(row.updated_at),
        })),
      };
    },

    /** Every organisation's formations (archived ones aside), by title: the sources to assign. */
    async catalogue(tx: Tx, query: PageInput): Promise<Omit<CatalogueCourseList, 'page' | 'pageSize'>> {
      const search = query.search ? sql`and c.title ilike ${containsPattern(query.search)}` : sql``;
      const from = sql`courses c join organizations o on o.id = c.organization_id where c.archived_at is null ${search}`;
      const count = await total(tx, from);
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select c.id, c.title, c.status, c.organization_id, o.name as organization_name, ${CONTENT_COUNTS}
          from ${from}
          order by c.title, o.name, c.id ${limitOf(query)}`),
      );
      return {
        total: count,
        items: rows.map((row) => ({
          id: row.id as string,
          title: row.title as string,
          status: row.status as AdminCourseStatus,
          organizationId: row.organization_id as string,
          organizationName: row.organization_name as string,
          moduleCount: int(row.modules),
          lessonCount: int(row.lessons),
        })),
      };
    },
  };
}
