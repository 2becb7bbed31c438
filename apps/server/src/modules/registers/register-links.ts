import type { RegisterLinks, RegisterLinksQuery, SessionUser } from '@cursus/contracts';
import { RegisterLinksQuerySchema } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { pageOrganizationStudents } from '../organizations/organizations.module.ts';
import { type RegistersContext, staffOf } from './registers-context.ts';
import { fullNameOf, rowsOf } from './registers-sql.ts';

/** How many of each kind the pickers offer: the search narrows them. */
const LINKS_SHOWN = 20;

/**
 * What an entry may name, for the pickers: the organisation's learners, questions and conversations
 * (its tables read in raw SQL in the caller's tenant transaction: a trainer sees only the
 * conversations they take part in, by their policy), and its staff.
 */
export function createRegisterLinks(context: RegistersContext) {
  return async function links(actor: SessionUser, query: RegisterLinksQuery): Promise<RegisterLinks> {
    const { search } = RegisterLinksQuerySchema.parse(query);
    const pattern = search ? containsPattern(search) : undefined;
    return context.asStaff(
      actor,
      async (tx, organizationId, staffIds) => {
        const learners = await pageOrganizationStudents(
          tx,
          {
            organizationId,
            search,
            adminEmails: context.adminEmails,
            columns: () => ({}),
            sort: 'name',
            order: 'asc',
          },
          { page: 1, pageSize: LINKS_SHOWN },
        );
        const questions = rowsOf<RegisterLinks['questions'][number] & { createdAt: Date | string }>(
          await tx.execute(sql`select q.id, q.subject, q.student_id as "studentId",
            coalesce(${fullNameOf(sql`q.student_id`)}, '') as "studentName", q.created_at as "createdAt"
          from student_questions q where q.organization_id = ${organizationId}
            ${pattern ? sql`and (q.subject ilike ${pattern} or ${fullNameOf(sql`q.student_id`)} ilike ${pattern})` : sql``}
          order by q.created_at desc limit ${LINKS_SHOWN}`),
        );
        const conversations = rowsOf<
          RegisterLinks['conversations'][number] & { lastMessageAt: Date | string | null }
        >(
          await tx.execute(sql`select v.id, v.student_id as "studentId",
            coalesce(${fullNameOf(sql`v.student_id`)}, '') as "studentName",
            coalesce(${fullNameOf(sql`v.trainer_id`)}, '') as "trainerName", v.last_message_at as "lastMessageAt"
          from conversations v where v.organization_id = ${organizationId}
            ${pattern ? sql`and (${fullNameOf(sql`v.student_id`)} ilike ${pattern} or ${fullNameOf(sql`v.trainer_id`)} ilike ${pattern})` : sql``}
          order by v.last_message_at desc nulls last limit ${LINKS_SHOWN}`),
        );
        return {
          learners: learners.items.map(({ id, fullName, email }) => ({ id, fullName, email })),
          questions: questions.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
          conversations: conversations.map((row) => ({
            ...row,
            lastMessageAt: row.lastMessageAt ? new Date(row.lastMessageAt).toISOString() : null,
          })),
          staff: await staffOf(context, tx, organizationId, staffIds),
        };
      },
      true,
    );
  };
}
