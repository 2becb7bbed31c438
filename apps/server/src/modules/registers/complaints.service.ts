import {
  type CloseComplaintInput,
  CloseComplaintInputSchema,
  type Complaint,
  type ComplaintList,
  type ComplaintListQuery,
  ComplaintListQuerySchema,
  type CreateComplaintInput,
  CreateComplaintInputSchema,
  type SessionUser,
  type UpdateComplaintInput,
  UpdateComplaintInputSchema,
} from '@cursus/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { findOrganizationStudent } from '../organizations/organizations.module.ts';
import { complaints } from './registers.tables.ts';
import { isStaffMember, type RegistersContext } from './registers-context.ts';
import { fullNameOf, invalidField, parisDay, parisToday, rowsOf } from './registers-sql.ts';

type ComplaintFields = ReturnType<typeof CreateComplaintInputSchema.parse>;

/**
 * The complaints and difficulties register (indicator 31). Delays are counted in SQL from the
 * entry's days and the injected clock's Paris day, so every reader sees the same figures.
 */
export function createComplaintsService(context: RegistersContext) {
  const { asStaff, now } = context;

  function columns(at: Date) {
    return {
      id: complaints.id,
      kind: complaints.kind,
      source: complaints.source,
      studentId: complaints.studentId,
      studentName: fullNameOf(complaints.studentId),
      questionId: complaints.questionId,
      conversationId: complaints.conversationId,
      sourceLabel: sql<string | null>`case
        when ${complaints.questionId} is not null then
          (select q.subject from student_questions q where q.id = ${complaints.questionId})
        when ${complaints.conversationId} is not null then
          (select concat_ws(' / ', ${fullNameOf(sql`v.student_id`)}, ${fullNameOf(sql`v.trainer_id`)})
            from conversations v where v.id = ${complaints.conversationId})
        end`,
      receivedOn: complaints.receivedOn,
      subject: complaints.subject,
      description: complaints.description,
      status: complaints.status,
      answer: complaints.answer,
      answeredOn: complaints.answeredOn,
      closedOn: complaints.closedOn,
      handlerId: complaints.handlerId,
      handlerName: fullNameOf(complaints.handlerId),
      daysToAnswer: sql<number | null>`(${complaints.answeredOn} - ${complaints.receivedOn})`,
      daysToClose: sql<number | null>`(${complaints.closedOn} - ${complaints.receivedOn})`,
      daysWaiting: sql<number | null>`case when ${complaints.answeredOn} is null
        then greatest(${parisDay(at)} - ${complaints.receivedOn}, 0) end`,
      createdAt: complaints.createdAt,
    };
  }

  type Row = { [K in keyof ReturnType<typeof columns>]: unknown };
  const toComplaint = (row: Row): Complaint =>
    ({
      ...row,
      daysToAnswer: row.daysToAnswer === null ? null : Number(row.daysToAnswer),
      daysToClose: row.daysToClose === null ? null : Number(row.daysToClose),
      daysWaiting: row.daysWaiting === null ? null : Number(row.daysWaiting),
      createdAt: (row.createdAt as Date).toISOString(),
    }) as Complaint;

  async function readOne(tx: Tx, organizationId: string, id: string): Promise<Complaint> {
    const [row] = await tx
      .select(columns(now()))
      .from(complaints)
      .where(and(eq(complaints.organizationId, organizationId), eq(complaints.id, id)));
    if (!row) throw new AppError('NOT_FOUND');
    return toComplaint(row);
  }

  /**
   * The links come back from the browser: each must be the organisation's. A conversation is read
   * under its own policy (its two people only), so a trainer links only the ones they take part in.
   */
  async function checkLinks(
    tx: Tx,
    organizationId: string,
    staffIds: readonly string[],
    fields: ComplaintFields,
  ) {
    if (fields.studentId && !(await findOrganizationStudent(tx, organizationId, fields.studentId)))
      throw invalidField('studentId', 'not a learner of the organisation');
    if (fields.handlerId && !(await isStaffMember(context, tx, organizationId, staffIds, fields.handlerId)))
      throw invalidField('handlerId', 'not a staff member of the organisation');
    if (fields.questionId) {
      const [found] = rowsOf<{ studentId: string }>(
        await tx.execute(sql`select student_id as "studentId" from student_questions
          where id = ${fields.questionId} and organization_id = ${organizationId}`),
      );
      if (!found) throw invalidField('questionId', 'not a question of the organisation');
    }
    if (fields.conversationId) {
      const [found] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from conversations
          where id = ${fields.conversationId} and organization_id = ${organizationId}`),
      );
      if (!found) throw invalidField('conversationId', 'not a conversation of the organisation');
    }
  }

  function linkValues(fields: ComplaintFields) {
    return {
      kind: fields.kind,
      source: fields.source,
      studentId: fields.studentId ?? null,
      questionId: fields.questionId ?? null,
      conversationId: fields.conversationId ?? null,
      receivedOn: fields.receivedOn,
      subject: fields.subject,
      description: fields.description,
      handlerId: fields.handlerId ?? null,
    };
  }

  /** A day typed in may not be after today (Paris), nor before the reception. */
  function checkDays(days: { path: string; day: string | null | undefined }[], receivedOn: string) {
    const today = parisToday(now());
    for (const { path, day } of days) {
      if (!day) continue;
      if (day > today) throw invalidField(path, 'in the future');
      if (day < receivedOn) throw invalidField(path, 'before the reception');
    }
    return today;
  }

  async function findOpen(tx: Tx, organizationId: string, id: string) {
    const [current] = await tx
      .select({
        status: complaints.status,
        answer: complaints.answer,
        answeredOn: complaints.answeredOn,
        receivedOn: complaints.receivedOn,
      })
      .from(complaints)
      .where(and(eq(complaints.organizationId, organizationId), eq(complaints.id, id)));
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status === 'closed') throw invalidField('status', 'closed');
    return current;
  }

  return {
    async list(actor: SessionUser, query: ComplaintListQuery): Promise<ComplaintList> {
      const filters = ComplaintListQuerySchema.parse(query);
      return asStaff(actor, (tx, organizationId) => {
        const pattern = filters.search ? containsPattern(filters.search) : undefined;
        const where = and(
          eq(complaints.organizationId, organizationId),
          filters.kind ? eq(complaints.kind, filters.kind) : undefined,
          filters.status ? eq(complaints.status, filters.status) : undefined,
          pattern
            ? or(
                ilike(complaints.subject, pattern),
                ilike(complaints.description, pattern),
                sql`${fullNameOf(complaints.studentId)} ilike ${pattern}`,
              )
            : undefined,
        ) as SQL;
        return readPage(
          filters,
          tx.select({ total: count() }).from(complaints).where(where),
          tx
            .select(columns(now()))
            .from(complaints)
            .where(where)
            .orderBy(desc(complaints.receivedOn), desc(complaints.createdAt))
            .$dynamic(),
          toComplaint,
        );
      });
    },

    async create(actor: SessionUser, input: CreateComplaintInput): Promise<Complaint> {
      const fields = CreateComplaintInputSchema.parse(input);
      return asStaff(
        actor,
        async (tx, organizationId, staffIds) => {
          await checkLinks(tx, organizationId, staffIds, fields);
          checkDays([{ path: 'receivedOn', day: fields.receivedOn }], fields.receivedOn);
          const at = now();
          const [created] = await tx
            .insert(complaints)
            .values({
              organizationId,
              ...linkValues(fields),
              createdBy: actor.id,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: complaints.id });
          return readOne(tx, organizationId, created!.id);
        },
        true,
      );
    },

    /** Edits an entry that is not closed; `answered` keeps the answer's day, today when none is given. */
    async update(actor: SessionUser, id: string, input: UpdateComplaintInput): Promise<Complaint> {
      const fields = UpdateComplaintInputSchema.parse(input);
      return asStaff(
        actor,
        async (tx, organizationId, staffIds) => {
          await findOpen(tx, organizationId, id);
          await checkLinks(tx, organizationId, staffIds, fields);
          const today = checkDays(
            [
              { path: 'receivedOn', day: fields.receivedOn },
              { path: 'answeredOn', day: fields.answeredOn },
            ],
            fields.receivedOn,
          );
          const answered = fields.status === 'answered';
          await tx
            .update(complaints)
            .set({
              ...linkValues(fields),
              status: fields.status,
              answer: fields.answer ?? null,
              // Back to open or in progress: the answer given is kept as a draft, without its day.
              answeredOn: answered ? (fields.answeredOn ?? today) : null,
              updatedAt: now(),
            })
            .where(and(eq(complaints.organizationId, organizationId), eq(complaints.id, id)));
          return readOne(tx, organizationId, id);
        },
        true,
      );
    },

    /** Closing is final and needs an answer first: the register shows what was replied, and when. */
    async close(actor: SessionUser, id: string, input: CloseComplaintInput): Promise<Complaint> {
      const { closedOn } = CloseComplaintInputSchema.parse(input);
      return asStaff(actor, async (tx, organizationId) => {
        const current = await findOpen(tx, organizationId, id);
        if (current.status !== 'answered' || !current.answeredOn)
          throw invalidField('status', 'answer first');
        const today = checkDays([{ path: 'closedOn', day: closedOn }], current.answeredOn);
        await tx
          .update(complaints)
          .set({ status: 'closed', closedOn: closedOn ?? today, updatedAt: now() })
          .where(and(eq(complaints.organizationId, organizationId), eq(complaints.id, id)));
        return readOne(tx, organizationId, id);
      });
    },

    /** Whether the complaint is the organisation's (an improvement action may be linked to it). */
    async exists(tx: Tx, organizationId: string, id: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: complaints.id })
        .from(complaints)
        .where(and(eq(complaints.organizationId, organizationId), eq(complaints.id, id)));
      return Boolean(row);
    },
  };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
