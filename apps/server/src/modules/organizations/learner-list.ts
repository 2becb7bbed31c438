import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type PageQuery, readPage } from '../../db/page.ts';
import { qualified } from '../../db/qualified.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { isStudent } from './is-student.ts';
import { organizations, profiles } from './organizations.tables.ts';

export interface StudentPageOptions<Columns extends Record<string, SQL>> {
  /** null: every organisation's learners (a platform admin's list; row-level security lets them). */
  organizationId: string | null;
  /** A part of the name or of the email. */
  search?: string;
  adminEmails: readonly string[];
  /** Other modules' per-learner figures, as fragments over the learner's id. */
  columns: (studentId: SQLWrapper) => Columns;
  /** More conditions over the learner's id (a formation's learners, a status). */
  where?: (studentId: SQLWrapper, columns: Columns) => SQL | undefined;
  /** `name` and `email` are the profile's; any other key is one of `columns`. */
  sort: string;
  order: 'asc' | 'desc';
}

/**
 * One page of an organisation's learners (or every organisation's) for the learners module's list,
 * in the caller's tenant transaction: two statements (count and page), filters and sort in SQL,
 * whatever the size. Each row names its organisation.
 */
export function pageOrganizationStudents<Columns extends Record<string, SQL>>(
  tx: Tx,
  options: StudentPageOptions<Columns>,
  page: PageQuery,
) {
  const columns = options.columns(qualified(profiles, profiles.id));
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = and(
    options.organizationId === null
      ? isNotNull(profiles.organizationId)
      : eq(profiles.organizationId, options.organizationId),
    isStudent,
    options.adminEmails.length > 0
      ? notInArray(sql`lower(${profiles.email})`, [...options.adminEmails])
      : undefined,
    pattern ? or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern)) : undefined,
    options.where?.(qualified(profiles, profiles.id), columns),
  );
  const direction = options.order === 'desc' ? desc : asc;
  const sortColumn =
    options.sort === 'email'
      ? profiles.email
      : options.sort !== 'name' && options.sort in columns
        ? columns[options.sort as keyof Columns]!
        : profiles.fullName;
  // Nulls (no formation, never active) last whichever the direction; the name breaks ties.
  const order = [
    options.order === 'desc' ? sql`${sortColumn} desc nulls last` : sql`${sortColumn} asc nulls last`,
    direction(profiles.fullName),
    asc(profiles.id),
  ];
  return readPage(
    page,
    tx.select({ total: count() }).from(profiles).where(where),
    tx
      .select({
        id: profiles.id,
        fullName: profiles.fullName,
        email: profiles.email,
        createdAt: profiles.createdAt,
        organizationId: profiles.organizationId,
        organizationName: organizations.name,
        ...columns,
      })
      .from(profiles)
      .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    (row) => row,
  );
}

/**
 * One learner of an organisation (by the tables' role), or undefined: the record's first read. With
 * `organizationId` null, a learner of any organisation (a platform admin's read).
 */
export async function findOrganizationStudent(tx: Tx, organizationId: string | null, studentId: string) {
  const [row] = await tx
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      language: profiles.language,
      createdAt: profiles.createdAt,
      organizationId: profiles.organizationId,
      organizationName: organizations.name,
    })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(
      and(
        eq(profiles.id, studentId),
        organizationId === null ? undefined : eq(profiles.organizationId, organizationId),
        isStudent,
      ),
    );
  return row;
}

/** Which of these addresses already have a profile (whose), and in which organisation. */
export async function findProfilesByEmail(tx: Db | Tx, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return tx
    .select({ id: profiles.id, email: profiles.email, organizationId: profiles.organizationId })
    .from(profiles)
    .where(sql`${profiles.email} in ${emails}`);
}
