import type { SessionUser } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { rowsOf } from './registers-sql.ts';

export interface StaffMember {
  id: string;
  fullName: string;
}

/** What the registers' services share: the tenant transaction of a request, the clock, the staff check. */
export interface RegistersContext {
  database: Database;
  now: () => Date;
  audit: Pick<AuditService, 'record'>;
  /** The trainers and admins of the organisation (the organisations module's role resolution). */
  staffIdsOf: (organizationId: string) => Promise<string[]>;
  /** Platform administrators (ADMIN_EMAILS): who may own a platform improvement action. */
  adminEmails: readonly string[];
  /**
   * Runs `work` in the caller's tenant transaction, on their own organisation's registers. With
   * `needsStaff`, the organisation's staff ids are read first, outside it: the organisations module
   * reads them on its own connection, which the embedded engine's single one would wait for.
   */
  asStaff: <T>(
    actor: SessionUser,
    work: (tx: Tx, organizationId: string, staffIds: readonly string[]) => Promise<T>,
    needsStaff?: boolean,
  ) => Promise<T>;
}

export function createRegistersContext(deps: Omit<RegistersContext, 'asStaff'>): RegistersContext {
  return {
    ...deps,
    async asStaff(actor, work, needsStaff = false) {
      const { organizationId } = actor;
      if (!organizationId) throw new AppError('NO_ORGANIZATION');
      const staffIds = needsStaff ? await deps.staffIdsOf(organizationId) : [];
      return deps.database.withTenant(tenantOf(actor), (tx) => work(tx, organizationId, staffIds));
    },
  };
}

/**
 * Who may handle an entry or own an action, with their names: the organisation's staff (`staffIds`,
 * read before the transaction), or for the platform (null) the administrators (an admin's
 * transaction reads every profile and role).
 */
export async function staffOf(
  context: RegistersContext,
  tx: Tx,
  organizationId: string | null,
  staffIds: readonly string[],
): Promise<StaffMember[]> {
  if (organizationId === null) {
    // Admins as sign-in resolves them: ADMIN_EMAILS, else the stored role (user_roles first).
    const listed = context.adminEmails.map((email) => sql`${email.toLowerCase()}`);
    return rowsOf<StaffMember>(
      await tx.execute(sql`select p.id, p.full_name as "fullName" from profiles p
        where ${listed.length > 0 ? sql`lower(p.email) in (${sql.join(listed, sql`, `)})` : sql`false`}
          or coalesce((select r.role from user_roles r where r.user_id = p.id), p.role) = 'admin'
        order by p.full_name, p.id`),
    );
  }
  if (staffIds.length === 0) return [];
  return rowsOf<StaffMember>(
    await tx.execute(sql`select id, full_name as "fullName" from profiles
      where organization_id = ${organizationId} and id in (${sql.join(
        staffIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by full_name, id`),
  );
}

export async function isStaffMember(
  context: RegistersContext,
  tx: Tx,
  organizationId: string | null,
  staffIds: readonly string[],
  userId: string,
) {
  if (organizationId !== null) return staffIds.includes(userId);
  return (await staffOf(context, tx, null, [])).some((person) => person.id === userId);
}
