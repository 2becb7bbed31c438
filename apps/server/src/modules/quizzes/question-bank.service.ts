import type {
  Category,
  CategoryList,
  ExportQuestionsQuery,
  ExportQuestionsResult,
  ImportQuestionsInputSchema,
  ImportQuestionsResult,
  Question,
  QuestionInputSchema,
  QuestionList,
  QuestionListQuerySchema,
  SessionUser,
} from '@cursus/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { qualified } from '../../db/qualified.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { formatQuestions, parseQuestions } from './question-formats.ts';
import { questionSelection, toQuestion } from './quiz-queries.ts';
import { quizCategories, quizQuestionLinks, quizQuestions } from './quizzes.tables.ts';

type QuestionInput = z.output<typeof QuestionInputSchema>;
type ListQuery = z.output<typeof QuestionListQuerySchema>;
type ImportInput = z.output<typeof ImportQuestionsInputSchema>;

/** Most questions one export holds: a bank larger than this is exported category by category. */
const EXPORT_LIMIT = 2_000;

/** The organisation's question bank: questions, categories, import and export. */
export function createQuestionBankService(options: { database: Database }) {
  const { database } = options;

  /** Staff of an organisation (admins act in their own organisation's bank too). */
  function asStaff<T>(actor: SessionUser, work: (tx: Tx, organizationId: string) => Promise<T>) {
    const organizationId = actor.organizationId;
    if (!organizationId) throw new AppError('NO_ORGANIZATION');
    return database.withTenant(tenantOf(actor), (tx) => work(tx, organizationId));
  }

  async function checkCategory(tx: Tx, organizationId: string, categoryId: string | null) {
    if (!categoryId) return;
    const [category] = await tx
      .select({ id: quizCategories.id })
      .from(quizCategories)
      .where(and(eq(quizCategories.id, categoryId), eq(quizCategories.organizationId, organizationId)));
    if (!category) throw new AppError('QUIZ_CATEGORY_NOT_FOUND');
  }

  async function findQuestion(tx: Tx, organizationId: string, questionId: string): Promise<Question> {
    const [row] = await tx
      .select(questionSelection)
      .from(quizQuestions)
      .leftJoin(quizCategories, eq(quizCategories.id, quizQuestions.categoryId))
      .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.organizationId, organizationId)));
    if (!row) throw new AppError('QUIZ_QUESTION_NOT_FOUND');
    return toQuestion(row);
  }

  return {
    listQuestions(actor: SessionUser, query: ListQuery): Promise<QuestionList> {
      return asStaff(actor, (tx, organizationId) => {
        const where = and(
          eq(quizQuestions.organizationId, organizationId),
          query.categoryId ? eq(quizQuestions.categoryId, query.categoryId) : undefined,
          query.search ? ilike(quizQuestions.text, containsPattern(query.search)) : undefined,
        );
        return readPage(
          query,
          tx.select({ total: count() }).from(quizQuestions).where(where),
          tx
            .select(questionSelection)
            .from(quizQuestions)
            .leftJoin(quizCategories, eq(quizCategories.id, quizQuestions.categoryId))
            .where(where)
            .orderBy(desc(quizQuestions.createdAt), desc(quizQuestions.id))
            .$dynamic(),
          toQuestion,
        );
      });
    },

    createQuestion(actor: SessionUser, input: QuestionInput): Promise<Question> {
      return asStaff(actor, async (tx, organizationId) => {
        await checkCategory(tx, organizationId, input.categoryId);
        const [row] = await tx
          .insert(quizQuestions)
          .values({ ...input, organizationId, createdBy: actor.id })
          .returning({ id: quizQuestions.id });
        return findQuestion(tx, organizationId, row!.id);
      });
    },

    /** Every quiz asking it asks the new version; attempts already dealt keep theirs. */
    updateQuestion(actor: SessionUser, questionId: string, input: QuestionInput): Promise<Question> {
      return asStaff(actor, async (tx, organizationId) => {
        await checkCategory(tx, organizationId, input.categoryId);
        const updated = await tx
          .update(quizQuestions)
          .set({ ...input, updatedAt: new Date() })
          .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.organizationId, organizationId)))
          .returning({ id: quizQuestions.id });
        if (updated.length === 0) throw new AppError('QUIZ_QUESTION_NOT_FOUND');
        return findQuestion(tx, organizationId, questionId);
      });
    },

    async deleteQuestion(actor: SessionUser, questionId: string) {
      await asStaff(actor, async (tx, organizationId) => {
        const deleted = await tx
          .delete(quizQuestions)
          .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.organizationId, organizationId)))
          .returning({ id: quizQuestions.id });
        if (deleted.length === 0) throw new AppError('QUIZ_QUESTION_NOT_FOUND');
      });
    },

    listCategories(actor: SessionUser): Promise<CategoryList> {
      return asStaff(actor, async (tx, organizationId) => {
        const items: Category[] = await tx
          .select({
            id: quizCategories.id,
            name: quizCategories.name,
            questionCount: sql<number>`(select count(*) from ${quizQuestions}
              where ${qualified(quizQuestions, quizQuestions.categoryId)} = ${qualified(quizCategories, quizCategories.id)})::int`,
          })
          .from(quizCategories)
          .where(eq(quizCategories.organizationId, organizationId))
          .orderBy(asc(quizCategories.name));
        return { items };
      });
    },

    createCategory(actor: SessionUser, name: string): Promise<Category> {
      return asStaff(actor, async (tx, organizationId) => {
        const [created] = await tx
          .insert(quizCategories)
          .values({ organizationId, name })
          .onConflictDoNothing()
          .returning({ id: quizCategories.id, name: quizCategories.name });
        if (!created) throw new AppError('ALREADY_EXISTS');
        return { ...created, questionCount: 0 };
      });
    },

    /** Its questions stay in the bank without a category; draws from it go (foreign keys). */
    async deleteCategory(actor: SessionUser, categoryId: string) {
      await asStaff(actor, async (tx, organizationId) => {
        const deleted = await tx
          .delete(quizCategories)
          .where(and(eq(quizCategories.id, categoryId), eq(quizCategories.organizationId, organizationId)))
          .returning({ id: quizCategories.id });
        if (deleted.length === 0) throw new AppError('QUIZ_CATEGORY_NOT_FOUND');
      });
    },

    /** Reads the text and, unless it is a dry run, adds every valid question to the bank at once. */
    importQuestions(actor: SessionUser, input: ImportInput): Promise<ImportQuestionsResult> {
      const { questions, errors } = parseQuestions(input.format, input.content);
      return asStaff(actor, async (tx, organizationId) => {
        await checkCategory(tx, organizationId, input.categoryId);
        if (!input.dryRun && questions.length > 0) {
          await tx.insert(quizQuestions).values(
            questions.map((question) => ({
              ...question,
              organizationId,
              categoryId: input.categoryId,
              createdBy: actor.id,
            })),
          );
        }
        return {
          importedCount: input.dryRun ? 0 : questions.length,
          questions: questions.map(({ type, text }) => ({ type, text })),
          errors,
        };
      });
    },

    /** One category's questions, one quiz's fixed questions, or the whole bank, in `format`. */
    exportQuestions(actor: SessionUser, query: ExportQuestionsQuery): Promise<ExportQuestionsResult> {
      return asStaff(actor, async (tx, organizationId) => {
        const filters: (SQL | undefined)[] = [
          eq(quizQuestions.organizationId, organizationId),
          query.categoryId ? eq(quizQuestions.categoryId, query.categoryId) : undefined,
          query.quizId
            ? inArray(
                quizQuestions.id,
                tx
                  .select({ id: quizQuestionLinks.questionId })
                  .from(quizQuestionLinks)
                  .where(eq(quizQuestionLinks.quizId, query.quizId)),
              )
            : undefined,
        ];
        const rows = await tx
          .select({
            type: quizQuestions.type,
            text: quizQuestions.text,
            options: quizQuestions.options,
            acceptedAnswers: quizQuestions.acceptedAnswers,
            explanation: quizQuestions.explanation,
            points: quizQuestions.points,
          })
          .from(quizQuestions)
          .where(and(...filters))
          .orderBy(asc(quizQuestions.createdAt), asc(quizQuestions.id))
          .limit(EXPORT_LIMIT);
        const written = formatQuestions(query.format, rows);
        const extension = query.format === 'csv' ? 'csv' : 'txt';
        return {
          fileName: `questions-${query.format}.${extension}`,
          mimeType: query.format === 'csv' ? 'text/csv' : 'text/plain',
          ...written,
        };
      });
    },
  };
}

export type QuestionBankService = ReturnType<typeof createQuestionBankService>;
