import {
  type CreateQuestionInput,
  CreateQuestionInputSchema,
  type MyQuestionsQuery,
  MyQuestionsQuerySchema,
  QUESTION_HUB_TABS,
  type QuestionCategory,
  type QuestionHub,
  type QuestionHubTab,
  type QuestionReply,
  type QuestionReplyInput,
  QuestionReplyInputSchema,
  type QuestionStatus,
  type QuestionTrainer,
  type QuestionWithReplies,
  type SessionUser,
  type StudentQuestion,
  type TrainerQuestionList,
  type TrainerQuestionsQuery,
  TrainerQuestionsQuerySchema,
  type UpdateQuestionInput,
  UpdateQuestionInputSchema,
} from '@cursus/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Database, type TenantContext, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { EmailService, UserEmailData } from '../email/email.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { questionReplies, studentQuestions } from './questions.tables.ts';

type QuestionEmailTemplate = 'question-created' | 'question-replied' | 'student-reply-received';
/** One email of this domain (SPEC 7 templates), as the email module's `sendToUser` takes it. */
type QuestionEmail = {
  [T in QuestionEmailTemplate]: { userId: string; template: T; data: UserEmailData[T] };
}[QuestionEmailTemplate];

type QuestionRow = typeof studentQuestions.$inferSelect;
type ReplyRow = typeof questionReplies.$inferSelect;

/** Where each side opens a question: the learner's page, or the trainers' hub under the forum. */
const learnerQuestionPath = (id: string) => `/questions?question=${id}`;
const trainerQuestionPath = (id: string) => `/trainer/forum?question=${id}`;

// Names and titles live in other domains' tables; read in the same statement, under the same policies.
const studentName = sql<string>`coalesce((select p.full_name from profiles p where p.id = student_questions.student_id), '')`;
const trainerName = sql<
  string | null
>`(select p.full_name from profiles p where p.id = student_questions.trainer_id)`;
const courseTitle = sql<
  string | null
>`(select c.title from courses c where c.id = student_questions.course_id)`;
const lessonTitle = sql<
  string | null
>`(select l.title from course_lessons l where l.id = student_questions.lesson_id)`;
const replyCount =
  sql<number>`(select count(*) from question_replies r where r.question_id = student_questions.id)`.mapWith(
    Number,
  );
const responderName = sql<string>`coalesce((select p.full_name from profiles p where p.id = question_replies.responder_id), '')`;

const questionColumns = {
  question: studentQuestions,
  studentName,
  trainerName,
  courseTitle,
  lessonTitle,
  replyCount,
};
type QuestionListRow = {
  question: QuestionRow;
  studentName: string;
  trainerName: string | null;
  courseTitle: string | null;
  lessonTitle: string | null;
  replyCount: number;
};

function toQuestion(row: QuestionListRow): StudentQuestion {
  const { question } = row;
  return {
    id: question.id,
    organizationId: question.organizationId,
    studentId: question.studentId,
    studentName: row.studentName,
    trainerId: question.trainerId,
    trainerName: question.trainerId ? (row.trainerName ?? '') : null,
    subject: question.subject,
    message: question.message,
    category: question.category as QuestionCategory,
    status: question.status as QuestionStatus,
    courseId: question.courseId,
    courseTitle: question.courseId ? row.courseTitle : null,
    lessonId: question.lessonId,
    lessonTitle: question.lessonId ? row.lessonTitle : null,
    replyCount: row.replyCount,
    createdAt: question.createdAt.toISOString(),
    updatedAt: question.updatedAt.toISOString(),
  };
}

function toReply(row: { reply: ReplyRow; responderName: string }, studentId: string): QuestionReply {
  return {
    id: row.reply.id,
    questionId: row.reply.questionId,
    message: row.reply.message,
    responderId: row.reply.responderId,
    responderName: row.responderName,
    isFromStudent: row.reply.responderId === studentId,
    createdAt: row.reply.createdAt.toISOString(),
  };
}

function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

function matchesSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(studentQuestions.subject, pattern),
    ilike(studentQuestions.message, pattern),
    sql`exists (select 1 from profiles p where p.id = student_questions.student_id and p.full_name ilike ${pattern})`,
  );
}

/** What each hub tab holds for `actor` (documented on QUESTION_HUB_TABS). */
function tabFilter(actor: SessionUser, tab: QuestionHubTab): SQL {
  const mine = eq(studentQuestions.trainerId, actor.id);
  switch (tab) {
    case 'all':
      // SPEC 4: a trainer's list is theirs plus the unassigned pending ones; an admin oversees all.
      return actor.role === 'admin'
        ? sql`true`
        : or(mine, and(isNull(studentQuestions.trainerId), eq(studentQuestions.status, 'pending')))!;
    case 'pending':
      return eq(studentQuestions.status, 'pending');
    case 'answered':
      return inArray(studentQuestions.status, ['answered', 'resolved']);
    case 'assigned':
      return isNotNull(studentQuestions.trainerId);
    case 'mine':
      return mine;
  }
}

export function createQuestionsService(deps: {
  database: Database;
  notifications: NotificationsService;
  email: Pick<EmailService, 'sendToUser'>;
  /** The organisations module's answer: who the trainers and admins of an organisation are. */
  listStaffIds: (organizationId: string) => Promise<string[]>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, notifications, email, listStaffIds, now, log } = deps;

  async function repliesOf(tx: Tx, questions: { id: string; studentId: string }[]) {
    const byQuestion = new Map<string, QuestionReply[]>(questions.map((question) => [question.id, []]));
    if (questions.length === 0) return byQuestion;
    const studentOf = new Map(questions.map((question) => [question.id, question.studentId]));
    const rows = await tx
      .select({ reply: questionReplies, responderName })
      .from(questionReplies)
      .where(inArray(questionReplies.questionId, [...byQuestion.keys()]))
      .orderBy(asc(questionReplies.createdAt), asc(questionReplies.id));
    for (const row of rows)
      byQuestion.get(row.reply.questionId)?.push(toReply(row, studentOf.get(row.reply.questionId)!));
    return byQuestion;
  }

  async function readQuestion(tx: Tx, where: SQL): Promise<QuestionWithReplies> {
    const [row] = await tx.select(questionColumns).from(studentQuestions).where(where);
    if (!row) throw new AppError('NOT_FOUND');
    const replies = await repliesOf(tx, [row.question]);
    return { ...toQuestion(row), replies: replies.get(row.question.id) ?? [] };
  }

  /** The learner's own question, in their organisation; anyone else's answers like an unknown one. */
  const ownQuestion = (actor: SessionUser, organizationId: string, id: string) =>
    and(
      eq(studentQuestions.id, id),
      eq(studentQuestions.organizationId, organizationId),
      eq(studentQuestions.studentId, actor.id),
    )!;

  /**
   * The organisation whose hub a staff member works on: a trainer's own (naming another answers
   * like an unknown one), or the one an admin names (else their own).
   */
  function hubOrganizationOf(actor: SessionUser, organizationId: string | undefined): string {
    if (actor.role === 'admin') {
      const chosen = organizationId ?? actor.organizationId;
      if (!chosen) throw new AppError('NO_ORGANIZATION');
      return chosen;
    }
    const own = organizationOf(actor);
    if (organizationId && organizationId !== own) throw new AppError('NOT_FOUND');
    return own;
  }

  /** A question the staff member may work on: their organisation's; admins reach every one. */
  const staffQuestion = (actor: SessionUser, id: string) =>
    actor.role === 'admin'
      ? eq(studentQuestions.id, id)
      : and(eq(studentQuestions.id, id), eq(studentQuestions.organizationId, organizationOf(actor)))!;

  /** The formation must be one the learner reads in their organisation, the lesson one of its own. */
  async function checkPlacement(
    tx: Tx,
    organizationId: string,
    courseId: string | null,
    lessonId: string | null,
  ) {
    if (!courseId) return;
    const result = await tx.execute(sql`select
      exists (select 1 from courses where id = ${courseId} and organization_id = ${organizationId}) as course,
      (${lessonId}::uuid is null or exists (select 1 from course_lessons where id = ${lessonId} and course_id = ${courseId})) as lesson`);
    // Both drivers answer `{ rows }`; Drizzle types it per driver.
    const [found] = (result as unknown as { rows: { course: boolean; lesson: boolean }[] }).rows;
    if (!found?.course) throw new AppError('TRAINING_NOT_FOUND');
    if (!found.lesson) throw new AppError('NOT_FOUND');
  }

  /** Raised after the commit: a failed notification or email never fails the person's action. */
  async function tellQuietly(work: () => Promise<unknown>, context: object) {
    try {
      await work();
    } catch (error) {
      log.error({ err: error, ...context }, 'question notification failed');
    }
  }

  async function sendEmails(messages: QuestionEmail[], questionId: string) {
    for (const message of messages)
      await tellQuietly(() => email.sendToUser(message), { questionId, template: message.template });
  }

  /** Who hears about a learner's follow-up: the trainer in charge, or the whole staff if none. */
  async function followUpRecipients(question: QuestionWithReplies): Promise<string[]> {
    if (question.trainerId) return [question.trainerId];
    return listStaffIds(question.organizationId);
  }

  /**
   * The organisation's trainers and admins, by name. Their ids come first, outside the caller's
   * transaction: on the embedded engine's single connection a second one would wait for it.
   */
  async function trainersOf(tenant: TenantContext, organizationId: string): Promise<QuestionTrainer[]> {
    const staffIds = await listStaffIds(organizationId);
    if (staffIds.length === 0) return [];
    const result = await database.withTenant(tenant, (tx) =>
      tx.execute(sql`select p.id, p.full_name as "fullName" from profiles p
        where p.organization_id = ${organizationId}
          and p.id in (${sql.join(
            staffIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        order by p.full_name, p.id`),
    );
    return (result as unknown as { rows: QuestionTrainer[] }).rows;
  }

  return {
    /** SPEC 5: asked in the learner's organisation, pending; the organisation's staff are told. */
    async create(actor: SessionUser, input: CreateQuestionInput): Promise<QuestionWithReplies> {
      const organizationId = organizationOf(actor);
      const values = CreateQuestionInputSchema.parse(input);
      const question = await database.withTenant(tenantOf(actor), async (tx) => {
        await checkPlacement(tx, organizationId, values.courseId, values.lessonId);
        const at = now();
        const [created] = await tx
          .insert(studentQuestions)
          .values({
            organizationId,
            studentId: actor.id,
            subject: values.subject,
            message: values.message,
            category: values.category,
            courseId: values.courseId,
            lessonId: values.lessonId,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: studentQuestions.id });
        return readQuestion(tx, eq(studentQuestions.id, created!.id));
      });
      const staffIds = await listStaffIds(organizationId).catch((error: unknown) => {
        log.error({ err: error, questionId: question.id }, 'question notification failed');
        return [];
      });
      const path = trainerQuestionPath(question.id);
      await tellQuietly(
        () =>
          notifications.createNotifications(
            staffIds.map((userId) => ({ userId, organizationId })),
            {
              type: 'question_created',
              actionUrl: path,
              context: 'trainer',
              metadata: { questionId: question.id, subject: question.subject, studentName: actor.fullName },
            },
          ),
        { questionId: question.id },
      );
      await sendEmails(
        staffIds.map((userId) => ({
          userId,
          template: 'question-created',
          data: { studentName: actor.fullName, subject: question.subject, message: question.message, path },
        })),
        question.id,
      );
      return question;
    },

    /** The learner's questions, newest first, each with its replies. */
    async listMine(actor: SessionUser, input: MyQuestionsQuery) {
      const organizationId = organizationOf(actor);
      const query = MyQuestionsQuerySchema.parse(input);
      const where = and(
        eq(studentQuestions.organizationId, organizationId),
        eq(studentQuestions.studentId, actor.id),
        query.status ? eq(studentQuestions.status, query.status) : undefined,
        matchesSearch(query.search),
      );
      return database.withTenant(tenantOf(actor), async (tx) => {
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(studentQuestions).where(where),
          tx
            .select(questionColumns)
            .from(studentQuestions)
            .where(where)
            .orderBy(desc(studentQuestions.createdAt), desc(studentQuestions.id))
            .$dynamic(),
          (row) => row,
        );
        const replies = await repliesOf(
          tx,
          page.items.map((row) => row.question),
        );
        return {
          ...page,
          items: page.items.map(
            (row): QuestionWithReplies => ({
              ...toQuestion(row),
              replies: replies.get(row.question.id) ?? [],
            }),
          ),
        };
      });
    },

    async getMine(actor: SessionUser, id: string): Promise<QuestionWithReplies> {
      const organizationId = organizationOf(actor);
      return database.withTenant(tenantOf(actor), (tx) =>
        readQuestion(tx, ownQuestion(actor, organizationId, id)),
      );
    },

    /** The learner's side of `/questions-hub/{organizationId}`: only their own organisation exists there. */
    async hub(actor: SessionUser, organizationId: string): Promise<QuestionHub> {
      if (!actor.organizationId || actor.organizationId !== organizationId) throw new AppError('NOT_FOUND');
      const result = await database.withTenant(tenantOf(actor), (tx) =>
        tx.execute(sql`select name from organizations where id = ${organizationId}`),
      );
      const [organization] = (result as unknown as { rows: { name: string }[] }).rows;
      if (!organization) throw new AppError('NOT_FOUND');
      return {
        organization: { id: organizationId, name: organization.name },
        trainers: await trainersOf(tenantOf(actor), organizationId),
      };
    },

    /**
     * The learner follows up on their own question: it goes back to pending, since it waits for the
     * trainers again, and the trainer in charge (or the staff, if nobody is) is told.
     */
    async replyAsStudent(actor: SessionUser, id: string, input: QuestionReplyInput) {
      const organizationId = organizationOf(actor);
      const { message } = QuestionReplyInputSchema.parse(input);
      const question = await database.withTenant(tenantOf(actor), async (tx) => {
        const [found] = await tx
          .select({ id: studentQuestions.id })
          .from(studentQuestions)
          .where(ownQuestion(actor, organizationId, id));
        if (!found) throw new AppError('NOT_FOUND');
        const at = now();
        await tx
          .insert(questionReplies)
          .values({ organizationId, questionId: id, message, responderId: actor.id, createdAt: at });
        await tx
          .update(studentQuestions)
          .set({ status: 'pending', updatedAt: at })
          .where(eq(studentQuestions.id, id));
        return readQuestion(tx, eq(studentQuestions.id, id));
      });
      const recipients = await followUpRecipients(question).catch((error: unknown) => {
        log.error({ err: error, questionId: id }, 'question notification failed');
        return [];
      });
      const path = trainerQuestionPath(id);
      await tellQuietly(
        () =>
          notifications.createNotifications(
            recipients.map((userId) => ({ userId, organizationId })),
            {
              type: 'student_reply_received',
              actionUrl: path,
              context: 'trainer',
              metadata: { questionId: id, subject: question.subject, studentName: actor.fullName },
            },
          ),
        { questionId: id },
      );
      await sendEmails(
        recipients.map((userId) => ({
          userId,
          template: 'student-reply-received',
          data: { studentName: actor.fullName, subject: question.subject, reply: message, path },
        })),
        id,
      );
      return question;
    },

    /** The hub's list: one tab's page, and how many each tab holds (the search applied). */
    async listForTrainer(actor: SessionUser, input: TrainerQuestionsQuery): Promise<TrainerQuestionList> {
      const query = TrainerQuestionsQuerySchema.parse(input);
      const organizationId = hubOrganizationOf(actor, query.organizationId);
      const scope = and(eq(studentQuestions.organizationId, organizationId), matchesSearch(query.search));
      return database.withTenant(tenantOf(actor), async (tx) => {
        const [counted] = await tx
          .select(
            Object.fromEntries(
              QUESTION_HUB_TABS.map((tab) => [
                tab,
                sql<number>`count(*) filter (where ${tabFilter(actor, tab)})`.mapWith(Number),
              ]),
            ) as Record<QuestionHubTab, SQL<number>>,
          )
          .from(studentQuestions)
          .where(scope);
        const counts = counted ?? { all: 0, pending: 0, answered: 0, assigned: 0, mine: 0 };
        const page = await readPage(
          query,
          Promise.resolve([{ total: counts[query.tab] }]),
          tx
            .select(questionColumns)
            .from(studentQuestions)
            .where(and(scope, tabFilter(actor, query.tab)))
            .orderBy(desc(studentQuestions.createdAt), desc(studentQuestions.id))
            .$dynamic(),
          toQuestion,
        );
        return { ...page, counts };
      });
    },

    /** Who a question of the organisation may be assigned to. */
    async listTrainers(actor: SessionUser, organizationId: string | undefined) {
      const organization = hubOrganizationOf(actor, organizationId);
      return { items: await trainersOf(tenantOf(actor), organization) };
    },

    async getForTrainer(actor: SessionUser, id: string): Promise<QuestionWithReplies> {
      return database.withTenant(tenantOf(actor), (tx) => readQuestion(tx, staffQuestion(actor, id)));
    },

    /** A trainer's answer: the question becomes answered, unless it was resolved; the learner is told. */
    async replyAsTrainer(actor: SessionUser, id: string, input: QuestionReplyInput) {
      const { message } = QuestionReplyInputSchema.parse(input);
      const question = await database.withTenant(tenantOf(actor), async (tx) => {
        const [found] = await tx
          .select({ organizationId: studentQuestions.organizationId, status: studentQuestions.status })
          .from(studentQuestions)
          .where(staffQuestion(actor, id));
        if (!found) throw new AppError('NOT_FOUND');
        const at = now();
        await tx.insert(questionReplies).values({
          organizationId: found.organizationId,
          questionId: id,
          message,
          responderId: actor.id,
          createdAt: at,
        });
        await tx
          .update(studentQuestions)
          .set({ status: found.status === 'resolved' ? 'resolved' : 'answered', updatedAt: at })
          .where(eq(studentQuestions.id, id));
        return readQuestion(tx, eq(studentQuestions.id, id));
      });
      const path = learnerQuestionPath(id);
      await tellQuietly(
        () =>
          notifications.createNotification(
            { userId: question.studentId, organizationId: question.organizationId },
            {
              type: 'question_replied',
              actionUrl: path,
              metadata: { questionId: id, subject: question.subject, responderName: actor.fullName },
            },
          ),
        { questionId: id },
      );
      await sendEmails(
        [
          {
            userId: question.studentId,
            template: 'question-replied',
            data: { subject: question.subject, reply: message, responderName: actor.fullName, path },
          },
        ],
        id,
      );
      return question;
    },

    /**
     * SPEC 4: any status, and the trainer in charge, who must be a trainer (or admin) of the
     * question's organisation; another organisation's person answers like an unknown one.
     */
    async update(actor: SessionUser, id: string, input: UpdateQuestionInput): Promise<QuestionWithReplies> {
      const changes = UpdateQuestionInputSchema.parse(input);
      if (changes.trainerId) {
        // Checked before the update's transaction (see trainersOf), against the question's organisation.
        const [found] = await database.withTenant(tenantOf(actor), (tx) =>
          tx
            .select({ organizationId: studentQuestions.organizationId })
            .from(studentQuestions)
            .where(staffQuestion(actor, id)),
        );
        if (!found) throw new AppError('NOT_FOUND');
        if (!(await listStaffIds(found.organizationId)).includes(changes.trainerId))
          throw new AppError('NOT_FOUND', { fields: [{ path: 'trainerId', message: 'unknown trainer' }] });
      }
      const { question, previousTrainerId } = await database.withTenant(tenantOf(actor), async (tx) => {
        const [found] = await tx
          .select({ trainerId: studentQuestions.trainerId })
          .from(studentQuestions)
          .where(staffQuestion(actor, id));
        if (!found) throw new AppError('NOT_FOUND');
        await tx
          .update(studentQuestions)
          .set({ status: changes.status, trainerId: changes.trainerId, updatedAt: now() })
          .where(eq(studentQuestions.id, id));
        return {
          question: await readQuestion(tx, eq(studentQuestions.id, id)),
          previousTrainerId: found.trainerId,
        };
      });
      const assignee = question.trainerId;
      if (assignee && assignee !== previousTrainerId && assignee !== actor.id) {
        await tellQuietly(
          () =>
            notifications.createNotification(
              { userId: assignee, organizationId: question.organizationId },
              {
                type: 'question_assigned',
                actionUrl: trainerQuestionPath(id),
                context: 'trainer',
                metadata: { questionId: id, subject: question.subject, assignedByName: actor.fullName },
              },
            ),
          { questionId: id },
        );
      }
      return question;
    },
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
