import {
  type CloseImprovementInput,
  CloseImprovementInputSchema,
  type CreateImprovementInput,
  CreateImprovementInputSchema,
  fileUrl,
  type Improvement,
  type ImprovementList,
  type ImprovementListQuery,
  ImprovementListQuerySchema,
  type ImprovementScope,
  type SessionUser,
  type UpdateImprovementInput,
  UpdateImprovementInputSchema,
} from '@cursus/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { ComplaintsService } from './complaints.service.ts';
import { improvementActions } from './registers.tables.ts';
import { isStaffMember, type RegistersContext, staffOf } from './registers-context.ts';
import { fullNameOf, invalidField, parisDay, parisToday, rowsOf } from './registers-sql.ts';

const OPEN_STATUSES = ['planned', 'in_progress'] as const;

/**
 * Improvement actions (indicator 32): an organisation's (`organizationId`), or the platform's (null,
 * admins only: the routes' guard and the table's policy). Admins' writes on the platform's actions go
 * to the audit log, in the same transaction.
 */
export function createImprovementsService(context: RegistersContext, complaints: ComplaintsService) {
  const { database, asStaff, now, audit } = context;

  /** The caller's organisation's actions, or the platform's. */
  function inScope(
    actor: SessionUser,
    scope: ImprovementScope,
    work: (
      tx: Tx,
      organizationId: string | null,
      staffIds: readonly string[],
    ) => Promise<Improvement | ImprovementList>,
    needsStaff = false,
  ) {
    if (scope === 'organization') return asStaff(actor, work, needsStaff);
    if (actor.role !== 'admin') throw new AppError('NOT_AUTHORIZED');
    return database.withTenant(tenantOf(actor), (tx) => work(tx, null, []));
  }
  const ofScope = (organizationId: string | null) =>
    organizationId === null
      ? isNull(improvementActions.organizationId)
      : eq(improvementActions.organizationId, organizationId);

  function columns(at: Date) {
    return {
      id: improvementActions.id,
      origin: improvementActions.origin,
      complaintId: improvementActions.complaintId,
      complaintSubject: sql<
        string | null
      >`(select c.subject from complaints c where c.id = ${improvementActions.complaintId})`,
      title: improvementActions.title,
      description: improvementActions.description,
      ownerId: improvementActions.ownerId,
      ownerName: fullNameOf(improvementActions.ownerId),
      dueOn: improvementActions.dueOn,
      status: improvementActions.status,
      closureNote: improvementActions.closureNote,
      closureFileId: improvementActions.closureFileId,
      closureFileName: sql<
        string | null
      >`(select f.name from stored_files f where f.id = ${improvementActions.closureFileId})`,
      closedOn: improvementActions.closedOn,
      overdue: overdue(at),
      createdAt: improvementActions.createdAt,
    };
  }
  function overdue(at: Date) {
    return sql<boolean>`(${inArray(improvementActions.status, [...OPEN_STATUSES])} and coalesce(${improvementActions.dueOn} < ${parisDay(at)}, false))`;
  }

  type Row = { [K in keyof ReturnType<typeof columns>]: unknown };
  function toImprovement(row: Row): Improvement {
    const { closureFileId, closureFileName, createdAt, ...rest } = row;
    return {
      ...rest,
      // The file may be out of the reader's reach (another admin's upload): only its name is then lost.
      closureFile:
        closureFileId && closureFileName
          ? {
              id: closureFileId as string,
              name: closureFileName as string,
              url: fileUrl(closureFileId as string),
            }
          : null,
      overdue: Boolean(row.overdue),
      createdAt: (createdAt as Date).toISOString(),
    } as Improvement;
  }

  async function readOne(tx: Tx, organizationId: string | null, id: string): Promise<Improvement> {
    const [row] = await tx
      .select(columns(now()))
      .from(improvementActions)
      .where(and(ofScope(organizationId), eq(improvementActions.id, id)));
    if (!row) throw new AppError('NOT_FOUND');
    return toImprovement(row);
  }

  async function checkFields(
    tx: Tx,
    organizationId: string | null,
    staffIds: readonly string[],
    fields: { complaintId?: string | null; ownerId?: string | null },
  ) {
    if (fields.complaintId) {
      // The platform keeps no complaints: a platform action names none.
      if (organizationId === null || !(await complaints.exists(tx, organizationId, fields.complaintId)))
        throw invalidField('complaintId', 'not a complaint of the organisation');
    }
    if (fields.ownerId) {
      if (!(await isStaffMember(context, tx, organizationId, staffIds, fields.ownerId)))
        throw invalidField('ownerId', 'not a staff member');
    }
  }

  async function findOpen(tx: Tx, organizationId: string | null, id: string) {
    const [current] = await tx
      .select({ status: improvementActions.status, title: improvementActions.title })
      .from(improvementActions)
      .where(and(ofScope(organizationId), eq(improvementActions.id, id)));
    if (!current) throw new AppError('NOT_FOUND');
    if (!(OPEN_STATUSES as readonly string[]).includes(current.status))
      throw invalidField('status', 'closed');
    return current;
  }

  const record = (
    tx: Tx,
    actor: SessionUser,
    organizationId: string | null,
    action: string,
    id: string,
    summary: string,
    details: Record<string, unknown>,
  ) =>
    audit.record(
      actor,
      {
        action,
        organizationId,
        targetType: 'improvement_action',
        targetId: id,
        summary,
        details,
      },
      tx,
    );

  return {
    list(actor: SessionUser, scope: ImprovementScope, query: ImprovementListQuery) {
      const filters = ImprovementListQuerySchema.parse(query);
      return inScope(actor, scope, (tx, organizationId) => {
        const at = now();
        const pattern = filters.search ? containsPattern(filters.search) : undefined;
        const where = and(
          ofScope(organizationId),
          filters.status ? eq(improvementActions.status, filters.status) : undefined,
          filters.origin ? eq(improvementActions.origin, filters.origin) : undefined,
          filters.overdue ? overdue(at) : undefined,
          pattern
            ? or(ilike(improvementActions.title, pattern), ilike(improvementActions.description, pattern))
            : undefined,
        ) as SQL;
        return readPage(
          filters,
          tx.select({ total: count() }).from(improvementActions).where(where),
          tx
            .select(columns(at))
            .from(improvementActions)
            .where(where)
            // Open ones first, the nearest due day first; then the closed ones, newest first.
            .orderBy(
              sql`${inArray(improvementActions.status, [...OPEN_STATUSES])} desc`,
              sql`${improvementActions.dueOn} asc nulls last`,
              desc(improvementActions.createdAt),
            )
            .$dynamic(),
          toImprovement,
        );
      }) as Promise<ImprovementList>;
    },

    create(actor: SessionUser, scope: ImprovementScope, input: CreateImprovementInput) {
      const fields = CreateImprovementInputSchema.parse(input);
      return inScope(
        actor,
        scope,
        async (tx, organizationId, staffIds) => {
          await checkFields(tx, organizationId, staffIds, fields);
          const at = now();
          const [created] = await tx
            .insert(improvementActions)
            .values({
              organizationId,
              origin: fields.origin,
              complaintId: fields.complaintId ?? null,
              title: fields.title,
              description: fields.description,
              ownerId: fields.ownerId ?? null,
              dueOn: fields.dueOn ?? null,
              createdBy: actor.id,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: improvementActions.id });
          const id = created!.id;
          await record(
            tx,
            actor,
            organizationId,
            'improvement_action.create',
            id,
            `Action d’amélioration « ${fields.title} » créée`,
            { title: fields.title },
          );
          return readOne(tx, organizationId, id);
        },
        true,
      ) as Promise<Improvement>;
    },

    update(actor: SessionUser, scope: ImprovementScope, id: string, input: UpdateImprovementInput) {
      const fields = UpdateImprovementInputSchema.parse(input);
      return inScope(
        actor,
        scope,
        async (tx, organizationId, staffIds) => {
          await findOpen(tx, organizationId, id);
          await checkFields(tx, organizationId, staffIds, fields);
          await tx
            .update(improvementActions)
            .set({
              origin: fields.origin,
              complaintId: fields.complaintId ?? null,
              title: fields.title,
              description: fields.description,
              ownerId: fields.ownerId ?? null,
              dueOn: fields.dueOn ?? null,
              status: fields.status,
              updatedAt: now(),
            })
            .where(and(ofScope(organizationId), eq(improvementActions.id, id)));
          await record(
            tx,
            actor,
            organizationId,
            'improvement_action.update',
            id,
            `Action d’amélioration « ${fields.title} » modifiée`,
            { title: fields.title, status: fields.status },
          );
          return readOne(tx, organizationId, id);
        },
        true,
      ) as Promise<Improvement>;
    },

    /** Done or abandoned, with its evidence; final. The file must be one the caller's side uploaded. */
    close(actor: SessionUser, scope: ImprovementScope, id: string, input: CloseImprovementInput) {
      const fields = CloseImprovementInputSchema.parse(input);
      return inScope(actor, scope, async (tx, organizationId) => {
        const current = await findOpen(tx, organizationId, id);
        const day = parisToday(now());
        if (fields.closedOn && fields.closedOn > day) throw invalidField('closedOn', 'in the future');
        if (fields.closureFileId) {
          const [file] = rowsOf<{ id: string }>(
            await tx.execute(
              sql`select id from stored_files where id = ${fields.closureFileId} and ${
                organizationId === null
                  ? sql`uploaded_by = ${actor.id}`
                  : sql`organization_id = ${organizationId}`
              }`,
            ),
          );
          if (!file) throw invalidField('closureFileId', 'unknown file');
        }
        await tx
          .update(improvementActions)
          .set({
            status: fields.status,
            closureNote: fields.closureNote,
            closureFileId: fields.closureFileId ?? null,
            closedOn: fields.closedOn ?? day,
            updatedAt: now(),
          })
          .where(and(ofScope(organizationId), eq(improvementActions.id, id)));
        await record(
          tx,
          actor,
          organizationId,
          'improvement_action.close',
          id,
          `Action d’amélioration « ${current.title} » clôturée (${fields.status === 'done' ? 'réalisée' : 'abandonnée'})`,
          { title: current.title, status: fields.status, closureFileId: fields.closureFileId ?? null },
        );
        return readOne(tx, organizationId, id);
      }) as Promise<Improvement>;
    },

    /** Who may own a platform action: the administrators. */
    async platformOwners(actor: SessionUser) {
      if (actor.role !== 'admin') throw new AppError('NOT_AUTHORIZED');
      return { items: await database.withTenant(tenantOf(actor), (tx) => staffOf(context, tx, null, [])) };
    },

    /** Whether the action is the organisation's (a watch entry may be linked to it). */
    async exists(tx: Tx, organizationId: string, id: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: improvementActions.id })
        .from(improvementActions)
        .where(and(eq(improvementActions.organizationId, organizationId), eq(improvementActions.id, id)));
      return Boolean(row);
    },
  };
}
