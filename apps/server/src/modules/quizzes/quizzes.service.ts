import {
  DEFAULT_ORGANIZATION_NAME,
  DUPLICATE_TITLE_SUFFIX,
  type PaginationQuery,
  type QuizDetail,
  type QuizInputSchema,
  type QuizList,
  type QuizListQuerySchema,
  type QuizResultList,
  type SessionUser,
} from '@cursus/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { qualified } from '../../db/qualified.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { loadQuizDraws, loadQuizQuestions, questionCountOf, toQuestion } from './quiz-queries.ts';
import {
  quizAttempts,
  quizCategories,
  quizDraws,
  quizQuestionLinks,
  quizQuestions,
  quizzes,
} from './quizzes.tables.ts';
import type { SessionQuizSessions } from './session-quizzes.ts';

type QuizInput = z.output<typeof QuizInputSchema>;
type ListQuery = z.output<typeof QuizListQuerySchema>;

/** Quizzes as trainers build them and admins list them: settings, questions from the bank, draws. */
export function createQuizzesService(options: {
  database: Database;
  organizations: OrganizationsService;
  courses: CoursesService;
  groupSessions: Pick<SessionQuizSessions, 'titleOf' | 'getSessionForStaff'>;
  /** After a save: a session quiz that is open already is announced to the session's learners. */
  announce: (quizId: string, at: Date) => Promise<unknown>;
  now: () => Date;
}) {
  const { database, organizations, courses, groupSessions, announce, now } = options;
  const asTenant = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  /**
   * An active quiz of a formation counts toward its learners' progress: a save or a removal that may
   * change which quizzes count (attached, detached, activated) recomputes the formations before and after.
   */
  async function recountFormations(tx: Tx, courseIds: (string | null | undefined)[]) {
    for (const courseId of new Set(courseIds)) if (courseId) await courses.recomputeProgress(tx, courseId);
  }

  const settingsSelection = {
    id: quizzes.id,
    organizationId: quizzes.organizationId,
    title: quizzes.title,
    description: quizzes.description,
    passingScore: quizzes.passingScore,
    isActive: quizzes.isActive,
    dueAt: quizzes.dueAt,
    timeLimitMinutes: quizzes.timeLimitMinutes,
    courseId: quizzes.courseId,
    courseTitle: courses.titleOf(qualified(quizzes, quizzes.courseId)),
    moduleId: quizzes.moduleId,
    moduleTitle: courses.moduleTitleOf(qualified(quizzes, quizzes.moduleId)),
    groupSessionId: quizzes.groupSessionId,
    groupSessionTitle: groupSessions.titleOf(qualified(quizzes, quizzes.groupSessionId)),
    maxAttempts: quizzes.maxAttempts,
    createdAt: quizzes.createdAt,
    updatedAt: quizzes.updatedAt,
  };
  const dates = (row: { dueAt: Date | null; createdAt: Date; updatedAt: Date }) => ({
    dueAt: row.dueAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  async function detail(tx: Tx, quizId: string): Promise<QuizDetail> {
    const [quiz] = await tx
      .select({
        ...settingsSelection,
        shuffleQuestions: quizzes.shuffleQuestions,
        shuffleOptions: quizzes.shuffleOptions,
        showCorrectAnswers: quizzes.showCorrectAnswers,
      })
      .from(quizzes)
      .where(eq(quizzes.id, quizId));
    if (!quiz) throw new AppError('QUIZ_NOT_FOUND');
    const [questions, draws] = await Promise.all([loadQuizQuestions(tx, quizId), loadQuizDraws(tx, quizId)]);
    return { ...quiz, ...dates(quiz), questions: questions.map(toQuestion), draws };
  }

  /** The organisation a quiz of `actor` belongs to (QUIZ_NOT_FOUND for one they may not see). */
  async function organizationOf(tx: Tx, quizId: string): Promise<string> {
    const [quiz] = await tx
      .select({ organizationId: quizzes.organizationId })
      .from(quizzes)
      .where(eq(quizzes.id, quizId));
    if (!quiz) throw new AppError('QUIZ_NOT_FOUND');
    return quiz.organizationId;
  }

  /**
   * The formation, module and group session must be the quiz organisation's, and the module part of
   * the formation. Another organisation's session answers NOT_FOUND, like an unknown one.
   */
  async function checkAttachment(actor: SessionUser, organizationId: string, input: QuizInput) {
    if (input.groupSessionId) {
      const session = await groupSessions.getSessionForStaff(tenantOf(actor), input.groupSessionId);
      if (session.organizationId !== organizationId) throw new AppError('NOT_FOUND');
    }
    if (!input.courseId) return;
    const course = await courses.get(actor, input.courseId);
    if (course.organizationId !== organizationId) throw new AppError('TRAINING_NOT_FOUND');
    if (input.moduleId && !course.modules.some((module) => module.id === input.moduleId))
      throw new AppError('VALIDATION_ERROR', {
        fields: [{ path: 'moduleId', message: 'MODULE_NOT_IN_COURSE' }],
      });
  }

  /** Saves the questions into the bank (new ones added, known ones updated) and links them in order. */
  async function writeContent(
    tx: Tx,
    actor: SessionUser,
    organizationId: string,
    quizId: string,
    input: QuizInput,
  ) {
    const categoryIds = [
      ...new Set([
        ...input.questions.flatMap((question) => (question.categoryId ? [question.categoryId] : [])),
        ...input.draws.map((draw) => draw.categoryId),
      ]),
    ];
    if (categoryIds.length > 0) {
      const found = await tx
        .select({ id: quizCategories.id })
        .from(quizCategories)
        .where(
          and(inArray(quizCategories.id, categoryIds), eq(quizCategories.organizationId, organizationId)),
        );
      if (found.length !== categoryIds.length) throw new AppError('QUIZ_CATEGORY_NOT_FOUND');
    }
    const questionIds: string[] = [];
    for (const { id, ...question } of input.questions) {
      if (id) {
        const updated = await tx
          .update(quizQuestions)
          .set({ ...question, updatedAt: new Date() })
          .where(and(eq(quizQuestions.id, id), eq(quizQuestions.organizationId, organizationId)))
          .returning({ id: quizQuestions.id });
        if (updated.length === 0) throw new AppError('QUIZ_QUESTION_NOT_FOUND');
        questionIds.push(id);
      } else {
        const [created] = await tx
          .insert(quizQuestions)
          .values({ ...question, organizationId, createdBy: actor.id })
          .returning({ id: quizQuestions.id });
        questionIds.push(created!.id);
      }
    }
    await tx.delete(quizQuestionLinks).where(eq(quizQuestionLinks.quizId, quizId));
    await tx.delete(quizDraws).where(eq(quizDraws.quizId, quizId));
    if (questionIds.length > 0)
      await tx
        .insert(quizQuestionLinks)
        .values(
          questionIds.map((questionId, position) => ({ organizationId, quizId, questionId, position })),
        );
    if (input.draws.length > 0)
      await tx
        .insert(quizDraws)
        .values(input.draws.map((draw, position) => ({ organizationId, quizId, ...draw, position })));
  }

  const settingsOf = (input: QuizInput) => ({
    title: input.title,
    description: input.description,
    passingScore: input.passingScore,
    isActive: input.isActive,
    dueAt: input.dueAt ? new Date(input.dueAt) : null,
    timeLimitMinutes: input.timeLimitMinutes,
    courseId: input.courseId,
    moduleId: input.courseId ? input.moduleId : null,
    groupSessionId: input.groupSessionId,
    shuffleQuestions: input.shuffleQuestions,
    shuffleOptions: input.shuffleOptions,
    maxAttempts: input.maxAttempts,
    showCorrectAnswers: input.showCorrectAnswers,
  });

  return {
    /** SPEC 6: trainers list their organisation's quizzes, admins every organisation's (`/admin/quizzes`). */
    async list(actor: SessionUser, query: ListQuery): Promise<QuizList> {
      const filters: (SQL | undefined)[] = [
        actor.role === 'admin' ? undefined : eq(quizzes.organizationId, actor.organizationId!),
        query.organizationId ? eq(quizzes.organizationId, query.organizationId) : undefined,
        query.courseId ? eq(quizzes.courseId, query.courseId) : undefined,
        query.search ? ilike(quizzes.title, containsPattern(query.search)) : undefined,
      ];
      const where = and(...filters);
      return asTenant(actor, async (tx) => {
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(quizzes).where(where),
          tx
            .select({
              ...settingsSelection,
              questionCount: questionCountOf,
              attemptCount: sql<number>`(select count(*) from ${quizAttempts}
                where ${qualified(quizAttempts, quizAttempts.quizId)} = ${qualified(quizzes, quizzes.id)}
                  and ${qualified(quizAttempts, quizAttempts.status)} = 'submitted')::int`,
            })
            .from(quizzes)
            .where(where)
            .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
            .$dynamic(),
          (row) => ({ ...row, ...dates(row) }),
        );
        const names = await organizations.namesOf(
          tx,
          page.items.map((quiz) => quiz.organizationId),
        );
        return {
          ...page,
          items: page.items.map((quiz) => ({
            ...quiz,
            organizationName: names.get(quiz.organizationId) || DEFAULT_ORGANIZATION_NAME,
          })),
        };
      });
    },

    get: (actor: SessionUser, quizId: string) => asTenant(actor, (tx) => detail(tx, quizId)),

    async create(actor: SessionUser, input: QuizInput): Promise<QuizDetail> {
      if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
      const organizationId = actor.organizationId;
      await checkAttachment(actor, organizationId, input);
      const created = await asTenant(actor, async (tx) => {
        const [quiz] = await tx
          .insert(quizzes)
          .values({ ...settingsOf(input), organizationId, createdBy: actor.id })
          .returning({ id: quizzes.id });
        await writeContent(tx, actor, organizationId, quiz!.id, input);
        await recountFormations(tx, [input.courseId]);
        return detail(tx, quiz!.id);
      });
      if (created.groupSessionId && created.isActive) await announce(created.id, now());
      return created;
    },

    async update(actor: SessionUser, quizId: string, input: QuizInput): Promise<QuizDetail> {
      const organizationId = await asTenant(actor, (tx) => organizationOf(tx, quizId));
      await checkAttachment(actor, organizationId, input);
      const saved = await asTenant(actor, async (tx) => {
        const [before] = await tx
          .select({ courseId: quizzes.courseId })
          .from(quizzes)
          .where(eq(quizzes.id, quizId));
        const updated = await tx
          .update(quizzes)
          .set({ ...settingsOf(input), updatedAt: new Date() })
          .where(eq(quizzes.id, quizId))
          .returning({ id: quizzes.id });
        if (updated.length === 0) throw new AppError('QUIZ_NOT_FOUND');
        await writeContent(tx, actor, organizationId, quizId, input);
        await recountFormations(tx, [before?.courseId, input.courseId]);
        return detail(tx, quizId);
      });
      if (saved.groupSessionId && saved.isActive) await announce(saved.id, now());
      return saved;
    },

    /** Results are evidence (Qualiopi): a quiz that has been taken is deactivated, not deleted. */
    async remove(actor: SessionUser, quizId: string) {
      await asTenant(actor, async (tx) => {
        await organizationOf(tx, quizId);
        const attempts = await tx.$count(quizAttempts, eq(quizAttempts.quizId, quizId));
        if (attempts > 0) throw new AppError('LINKED_DATA');
        const [removed] = await tx
          .delete(quizzes)
          .where(eq(quizzes.id, quizId))
          .returning({ courseId: quizzes.courseId });
        await recountFormations(tx, [removed?.courseId]);
      });
    },

    /** A copy asking the same bank questions and draws, inactive until the trainer opens it. */
    async duplicate(actor: SessionUser, quizId: string): Promise<QuizDetail> {
      return asTenant(actor, async (tx) => {
        const [source] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId));
        if (!source) throw new AppError('QUIZ_NOT_FOUND');
        const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = source;
        const title = `${source.title.slice(0, 200 - DUPLICATE_TITLE_SUFFIX.length)}${DUPLICATE_TITLE_SUFFIX}`;
        const [copy] = await tx
          .insert(quizzes)
          .values({ ...fields, title, isActive: false, createdBy: actor.id })
          .returning({ id: quizzes.id });
        const links = await tx
          .select({ questionId: quizQuestionLinks.questionId, position: quizQuestionLinks.position })
          .from(quizQuestionLinks)
          .where(eq(quizQuestionLinks.quizId, quizId))
          .orderBy(asc(quizQuestionLinks.position));
        const draws = await tx
          .select({
            categoryId: quizDraws.categoryId,
            questionCount: quizDraws.questionCount,
            position: quizDraws.position,
          })
          .from(quizDraws)
          .where(eq(quizDraws.quizId, quizId));
        const target = { organizationId: source.organizationId, quizId: copy!.id };
        if (links.length > 0)
          await tx.insert(quizQuestionLinks).values(links.map((link) => ({ ...target, ...link })));
        if (draws.length > 0)
          await tx.insert(quizDraws).values(draws.map((draw) => ({ ...target, ...draw })));
        return detail(tx, copy!.id);
      });
    },

    /** Every submitted attempt of a quiz, newest first, with who answered. */
    async results(actor: SessionUser, quizId: string, query: PaginationQuery): Promise<QuizResultList> {
      return asTenant(actor, async (tx) => {
        await organizationOf(tx, quizId);
        const where = and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.status, 'submitted'));
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(quizAttempts).where(where),
          tx
            .select({
              attemptId: quizAttempts.id,
              studentId: quizAttempts.userId,
              respondentName: quizAttempts.respondentName,
              respondentEmail: quizAttempts.respondentEmail,
              attemptNumber: quizAttempts.attemptNumber,
              submittedAt: quizAttempts.submittedAt,
              scorePercent: quizAttempts.scorePercent,
              passed: quizAttempts.passed,
            })
            .from(quizAttempts)
            .where(where)
            .orderBy(desc(quizAttempts.submittedAt), desc(quizAttempts.attemptNumber), desc(quizAttempts.id))
            .$dynamic(),
          (row) => row,
        );
        const ids = page.items.flatMap((row) => (row.studentId ? [row.studentId] : []));
        const people = ids.length > 0 ? await organizations.findPeople(tx, { ids: [...new Set(ids)] }) : [];
        const byId = new Map(people.map((person) => [person.id, person]));
        return {
          ...page,
          items: page.items.map((row) => {
            const person = row.studentId ? byId.get(row.studentId) : undefined;
            return {
              attemptId: row.attemptId,
              studentId: row.studentId,
              fullName: person?.fullName ?? row.respondentName ?? '',
              email: person?.email ?? row.respondentEmail,
              attemptNumber: row.attemptNumber,
              submittedAt: row.submittedAt!.toISOString(),
              scorePercent: row.scorePercent ?? 0,
              passed: row.passed ?? false,
            };
          }),
        };
      });
    },
  };
}

export type QuizzesService = ReturnType<typeof createQuizzesService>;
