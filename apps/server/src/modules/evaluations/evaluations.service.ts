import type {
  EvaluationForm,
  EvaluationQuestion,
  EvaluationResults,
  EvaluationResultsQuery,
  InvitationList,
  Language,
  MyEvaluations,
  Questionnaire,
  QuestionnaireList,
  QuestionResult,
  SaveQuestionnaireInput,
  SessionUser,
  SubmitEvaluationInput,
} from '@cursus/contracts';
import {
  EVALUATION_PUBLIC_LIMIT,
  EvaluationResultsQuerySchema,
  type InvitationListQuerySchema,
  type QuestionnaireListQuerySchema,
  SaveQuestionnaireInputSchema,
} from '@cursus/contracts';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvLine, EXCEL_CSV_BOM } from '../../lib/excel-csv.ts';
import { createAttemptCounter } from '../../lib/rate-limit.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import { type StoredAnswer, validateAnswers } from './evaluation-answers.ts';
import { hashToken } from './evaluation-tokens.ts';
import {
  evaluationInvitations as invitations,
  evaluationQuestionnaires as questionnaires,
} from './evaluations.tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Free-text answers listed per question on the results screen (the CSV export holds them all). */
const LISTED_TEXTS = 200;

type QuestionnaireRow = typeof questionnaires.$inferSelect;

function staffOrganization(actor: SessionUser): string | null {
  if (actor.role !== 'admin' && !actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The period of the results: invitations sent from `from` (00:00 UTC) to `to` (end of day). */
function periodFilter(query: { from?: string; to?: string }): (SQL | undefined)[] {
  return [
    query.from ? gte(invitations.sentAt, new Date(`${query.from}T00:00:00.000Z`)) : undefined,
    query.to
      ? lt(invitations.sentAt, new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + DAY_MS))
      : undefined,
  ];
}

/** Per-question figures over a list of responses. */
export function summarizeAnswers(
  questions: EvaluationQuestion[],
  responses: Record<string, StoredAnswer>[],
  language: Language,
): { questions: QuestionResult[]; averageRating: number | null } {
  let ratingSum = 0;
  let ratingCount = 0;
  const yesNo = language === 'en' ? ['Yes', 'No'] : ['Oui', 'Non'];
  const results = questions.map((question): QuestionResult => {
    const values = responses.map((answers) => answers[question.id]).filter((value) => value !== undefined);
    const base = {
      id: question.id,
      type: question.type,
      label: question.label,
      answered: values.length,
      ratingCounts: null,
      average: null,
      optionCounts: null,
      texts: null,
    };
    switch (question.type) {
      case 'rating': {
        const ratings = values.filter((value): value is number => typeof value === 'number');
        const counts = [0, 0, 0, 0, 0];
        for (const rating of ratings) counts[rating - 1]! += 1;
        const sum = ratings.reduce((total, rating) => total + rating, 0);
        ratingSum += sum;
        ratingCount += ratings.length;
        return { ...base, ratingCounts: counts, average: ratings.length ? sum / ratings.length : null };
      }
      case 'yesno':
        return {
          ...base,
          optionCounts: [
            { option: yesNo[0]!, count: values.filter((value) => value === true).length },
            { option: yesNo[1]!, count: values.filter((value) => value === false).length },
          ],
        };
      case 'single':
      case 'multiple':
        return {
          ...base,
          optionCounts: question.options.map((option) => ({
            option,
            count: values.filter(
              (value) => value === option || (Array.isArray(value) && value.includes(option)),
            ).length,
          })),
        };
      // Free text.
      default:
        return {
          ...base,
          texts: values.filter((value): value is string => typeof value === 'string').slice(0, LISTED_TEXTS),
        };
    }
  });
  return { questions: results, averageRating: ratingCount ? ratingSum / ratingCount : null };
}

/** One CSV cell for an answer, in the reader's language. */
function answerCell(value: StoredAnswer | undefined, language: Language): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean')
    return value ? (language === 'en' ? 'Yes' : 'Oui') : language === 'en' ? 'No' : 'Non';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

const CSV_HEADER: Record<Language, string[]> = {
  fr: ['Répondu le', 'Nom', 'Email', 'Formation'],
  en: ['Answered on', 'Name', 'Email', 'Course'],
};

export function createEvaluationsService(deps: {
  database: Database;
  courses: Pick<CoursesService, 'titleOf'>;
  now: () => Date;
}) {
  const { database, courses, now } = deps;
  const attempts = createAttemptCounter(database.service, now);

  const summaryColumns = {
    row: questionnaires,
    courseTitle: courses.titleOf(questionnaires.courseId),
    // Written out: Drizzle leaves a lone table's columns unqualified, which the subquery would read
    // as its own table's.
    invited: sql<number>`(select count(*)::int from evaluation_invitations i where i.questionnaire_id = evaluation_questionnaires.id)`,
    answered: sql<number>`(select count(*)::int from evaluation_invitations i where i.questionnaire_id = evaluation_questionnaires.id and i.answered_at is not null)`,
  };

  function toQuestionnaire(row: {
    row: QuestionnaireRow;
    courseTitle: string | null;
    invited: number;
    answered: number;
  }): Questionnaire {
    const questionnaire = row.row;
    return {
      id: questionnaire.id,
      title: questionnaire.title,
      description: questionnaire.description,
      audience: questionnaire.audience as Questionnaire['audience'],
      kind: questionnaire.kind as Questionnaire['kind'],
      courseId: questionnaire.courseId,
      courseTitle: row.courseTitle,
      coldDelayWeeks: questionnaire.coldDelayWeeks,
      questionCount: questionnaire.questions.length,
      questions: questionnaire.questions,
      invited: Number(row.invited),
      answered: Number(row.answered),
      archivedAt: questionnaire.archivedAt?.toISOString() ?? null,
      updatedAt: questionnaire.updatedAt.toISOString(),
    };
  }

  /** The questionnaire, if the actor's organisation holds it (any for an admin, by the policies). */
  async function findQuestionnaire(tx: Tx, actor: SessionUser, id: string): Promise<Questionnaire> {
    const organizationId = staffOrganization(actor);
    const [row] = await tx
      .select(summaryColumns)
      .from(questionnaires)
      .where(
        and(
          eq(questionnaires.id, id),
          actor.role === 'admin' ? undefined : eq(questionnaires.organizationId, organizationId!),
        ),
      );
    if (!row) throw new AppError('EVALUATION_NOT_FOUND');
    return toQuestionnaire(row);
  }

  /** A formation of the actor's organisation, or TRAINING_NOT_FOUND (the policies hide the others). */
  async function checkCourse(tx: Tx, courseId: string | null) {
    if (!courseId) return;
    const [row] = rowsOf<{ title: string | null }>(
      await tx.execute(sql`select ${courses.titleOf(sql`${courseId}::uuid`)} as title`),
    );
    if (!row?.title) throw new AppError('TRAINING_NOT_FOUND');
  }

  async function save(
    actor: SessionUser,
    id: string | null,
    input: SaveQuestionnaireInput,
  ): Promise<Questionnaire> {
    const organizationId = staffOrganization(actor);
    const values = SaveQuestionnaireInputSchema.parse(input);
    return database.withTenant(tenantOf(actor), async (tx) => {
      await checkCourse(tx, values.courseId);
      if (id === null) {
        if (!organizationId) throw new AppError('NO_ORGANIZATION');
        const [created] = await tx
          .insert(questionnaires)
          .values({ ...values, organizationId, createdBy: actor.id, createdAt: now(), updatedAt: now() })
          .returning({ id: questionnaires.id });
        return findQuestionnaire(tx, actor, created!.id);
      }
      await findQuestionnaire(tx, actor, id);
      await tx
        .update(questionnaires)
        .set({ ...values, updatedAt: now() })
        .where(eq(questionnaires.id, id));
      return findQuestionnaire(tx, actor, id);
    });
  }

  /** The answered invitations of a questionnaire under the results' filters, newest first. */
  async function readResponses(tx: Tx, questionnaireId: string, query: EvaluationResultsQuery) {
    const filters = [
      eq(invitations.questionnaireId, questionnaireId),
      query.courseId ? eq(invitations.courseId, query.courseId) : undefined,
      ...periodFilter(query),
    ];
    const [invited] = await tx
      .select({ total: count() })
      .from(invitations)
      .where(and(...filters));
    const answered = await tx
      .select({
        name: invitations.name,
        email: invitations.email,
        courseTitle: invitations.courseTitle,
        answeredAt: invitations.answeredAt,
        answers: invitations.answers,
      })
      .from(invitations)
      .where(and(...filters, isNotNull(invitations.answeredAt)))
      .orderBy(desc(invitations.answeredAt));
    return { invited: invited?.total ?? 0, answered };
  }

  /** A learner's or a visitor's answers: checked, then written once (the row must still be open). */
  async function writeAnswers(
    tx: Pick<Tx, 'update'>,
    invitationId: string,
    questions: EvaluationQuestion[],
    input: SubmitEvaluationInput,
  ) {
    const answers = validateAnswers(questions, input.answers);
    const written = await tx
      .update(invitations)
      .set({ answers, answeredAt: now() })
      .where(and(eq(invitations.id, invitationId), isNull(invitations.answeredAt)))
      .returning({ id: invitations.id });
    if (written.length === 0) throw new AppError('EVALUATION_ALREADY_ANSWERED');
  }

  /** The invitation a visitor's token opens, with its questionnaire (cursus_service, by hash only). */
  async function invitationByToken(token: string, ip: string) {
    await attempts.consume(`evaluation-public:${ip}`, EVALUATION_PUBLIC_LIMIT);
    const [row] = await database.service
      .select({
        invitation: invitations,
        questionnaire: questionnaires,
        organizationName: sql<string>`(select o.name from organizations o where o.id = ${invitations.organizationId})`,
      })
      .from(invitations)
      .innerJoin(questionnaires, eq(questionnaires.id, invitations.questionnaireId))
      .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(questionnaires.archivedAt)));
    if (!row) throw new AppError('EVALUATION_LINK_INVALID');
    if (row.invitation.answeredAt) throw new AppError('EVALUATION_ALREADY_ANSWERED');
    return row;
  }

  function toForm(
    invitation: { id: string; courseTitle: string | null },
    questionnaire: QuestionnaireRow,
    organizationName: string,
  ): EvaluationForm {
    return {
      invitationId: invitation.id,
      title: questionnaire.title,
      description: questionnaire.description,
      organizationName,
      courseTitle: invitation.courseTitle,
      questions: questionnaire.questions,
    };
  }

  function getQuestionnaire(actor: SessionUser, id: string): Promise<Questionnaire> {
    return database.withTenant(tenantOf(actor), (tx) => findQuestionnaire(tx, actor, id));
  }

  async function listMine(actor: SessionUser): Promise<MyEvaluations> {
    if (!actor.organizationId) return { items: [] };
    return database.withTenant(tenantOf(actor), async (tx) => {
      const rows = await tx
        .select({
          invitation: { id: invitations.id, courseTitle: invitations.courseTitle },
          questionnaire: questionnaires,
          organizationName: sql<string>`(select o.name from organizations o where o.id = ${invitations.organizationId})`,
        })
        .from(invitations)
        .innerJoin(questionnaires, eq(questionnaires.id, invitations.questionnaireId))
        .where(
          and(
            eq(invitations.studentId, actor.id),
            eq(invitations.organizationId, actor.organizationId!),
            isNull(invitations.answeredAt),
            isNull(questionnaires.archivedAt),
          ),
        )
        .orderBy(desc(invitations.sentAt));
      return {
        items: rows.map((row) => toForm(row.invitation, row.questionnaire, row.organizationName ?? '')),
      };
    });
  }

  return {
    async list(
      actor: SessionUser,
      query: z.infer<typeof QuestionnaireListQuerySchema>,
    ): Promise<QuestionnaireList> {
      const organizationId = staffOrganization(actor);
      const where = and(
        actor.role === 'admin' ? undefined : eq(questionnaires.organizationId, organizationId!),
        query.archived ? isNotNull(questionnaires.archivedAt) : isNull(questionnaires.archivedAt),
        query.kind ? eq(questionnaires.kind, query.kind) : undefined,
        query.search ? ilike(questionnaires.title, containsPattern(query.search)) : undefined,
      );
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(questionnaires).where(where),
          tx
            .select(summaryColumns)
            .from(questionnaires)
            .where(where)
            .orderBy(desc(questionnaires.updatedAt), desc(questionnaires.id))
            .$dynamic(),
          (row) => {
            const { questions: _questions, description: _description, ...summary } = toQuestionnaire(row);
            return summary;
          },
        ),
      );
    },

    get: getQuestionnaire,

    create: (actor: SessionUser, input: SaveQuestionnaireInput) => save(actor, null, input),
    update: (actor: SessionUser, id: string, input: SaveQuestionnaireInput) => save(actor, id, input),

    async duplicate(actor: SessionUser, id: string, copySuffix: string): Promise<Questionnaire> {
      const original = await getQuestionnaire(actor, id);
      return save(actor, null, {
        title: `${original.title} ${copySuffix}`.slice(0, 200),
        description: original.description,
        audience: original.audience,
        kind: original.kind,
        courseId: original.courseId,
        coldDelayWeeks: original.coldDelayWeeks,
        questions: original.questions,
      });
    },

    async archive(actor: SessionUser, id: string, archived: boolean): Promise<Questionnaire> {
      return database.withTenant(tenantOf(actor), async (tx) => {
        await findQuestionnaire(tx, actor, id);
        await tx
          .update(questionnaires)
          .set({ archivedAt: archived ? now() : null, updatedAt: now() })
          .where(eq(questionnaires.id, id));
        return findQuestionnaire(tx, actor, id);
      });
    },

    async invitations(
      actor: SessionUser,
      id: string,
      query: z.infer<typeof InvitationListQuerySchema>,
    ): Promise<InvitationList> {
      return database.withTenant(tenantOf(actor), async (tx) => {
        await findQuestionnaire(tx, actor, id);
        const where = and(
          eq(invitations.questionnaireId, id),
          query.status === 'answered' ? isNotNull(invitations.answeredAt) : undefined,
          query.status === 'pending' ? isNull(invitations.answeredAt) : undefined,
        );
        return readPage(
          query,
          tx.select({ total: count() }).from(invitations).where(where),
          tx
            .select({
              id: invitations.id,
              name: invitations.name,
              email: invitations.email,
              studentId: invitations.studentId,
              courseTitle: invitations.courseTitle,
              sentAt: invitations.sentAt,
              remindersSent: invitations.remindersSent,
              answeredAt: invitations.answeredAt,
            })
            .from(invitations)
            .where(where)
            .orderBy(desc(invitations.sentAt), asc(invitations.email))
            .$dynamic(),
          (row) => ({
            ...row,
            status: row.answeredAt ? ('answered' as const) : ('pending' as const),
            sentAt: row.sentAt.toISOString(),
            answeredAt: row.answeredAt?.toISOString() ?? null,
          }),
        );
      });
    },

    async results(
      actor: SessionUser,
      id: string,
      input: EvaluationResultsQuery,
      language: Language,
    ): Promise<EvaluationResults> {
      const query = EvaluationResultsQuerySchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const questionnaire = await findQuestionnaire(tx, actor, id);
        const { invited, answered } = await readResponses(tx, id, query);
        const summary = summarizeAnswers(
          questionnaire.questions,
          answered.map((row) => (row.answers ?? {}) as Record<string, StoredAnswer>),
          language,
        );
        return {
          invited,
          answered: answered.length,
          responseRate: invited ? answered.length / invited : null,
          ...summary,
        };
      });
    },

    /** The responses as French Excel's CSV: one line per response, one column per question. */
    async exportResults(
      actor: SessionUser,
      id: string,
      input: EvaluationResultsQuery,
      language: Language,
    ): Promise<string> {
      const query = EvaluationResultsQuerySchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const questionnaire = await findQuestionnaire(tx, actor, id);
        const { answered } = await readResponses(tx, id, query);
        const header = [
          ...CSV_HEADER[language],
          ...questionnaire.questions.map((question) => question.label),
        ];
        const lines = answered.map((row) => {
          const answers = (row.answers ?? {}) as Record<string, StoredAnswer>;
          return csvLine([
            row.answeredAt!.toISOString().slice(0, 10),
            row.name,
            row.email,
            row.courseTitle ?? '',
            ...questionnaire.questions.map((question) => answerCell(answers[question.id], language)),
          ]);
        });
        return EXCEL_CSV_BOM + csvLine(header) + lines.join('');
      });
    },

    /** The learner's questionnaires waiting for them (their own rows, by the policies). */
    listMine,

    async answerMine(actor: SessionUser, invitationId: string, input: SubmitEvaluationInput) {
      const mine = await listMine(actor);
      const form = mine.items.find((item) => item.invitationId === invitationId);
      if (!form) throw new AppError('EVALUATION_NOT_FOUND');
      await database.withTenant(tenantOf(actor), (tx) =>
        writeAnswers(tx, invitationId, form.questions, input),
      );
      return { ok: true as const };
    },

    async view(token: string, ip: string): Promise<EvaluationForm> {
      const row = await invitationByToken(token, ip);
      return toForm(row.invitation, row.questionnaire, row.organizationName ?? '');
    },

    async answer(token: string, ip: string, input: SubmitEvaluationInput) {
      const row = await invitationByToken(token, ip);
      await writeAnswers(database.service, row.invitation.id, row.questionnaire.questions, input);
      return { ok: true as const };
    },

    /**
     * For the analytics module: the responses to hot and cold questionnaires answered from `from`
     * to `to` (inclusive), and the mean of their 1–5 ratings, for one organisation.
     */
    async satisfactionSummary(
      organizationId: string,
      period: { from: Date | string; to: Date | string; courseId?: string | null },
    ): Promise<{ responses: number; averageRating: number | null }> {
      const from = new Date(period.from);
      const to = new Date(period.to);
      const filters = sql`q.organization_id = ${organizationId} and i.organization_id = ${organizationId}
        and q.kind in ('hot', 'cold') and i.answered_at is not null
        and i.answered_at >= ${from} and i.answered_at <= ${to}
        ${period.courseId ? sql`and i.course_id = ${period.courseId}` : sql``}`;
      const [row] = rowsOf<{ responses: number; average: string | number | null }>(
        await database.service.execute(sql`select
          (select count(*)::int from evaluation_invitations i
            join evaluation_questionnaires q on q.id = i.questionnaire_id where ${filters}) as responses,
          (select avg((i.answers ->> (question ->> 'id'))::numeric)
            from evaluation_invitations i
            join evaluation_questionnaires q on q.id = i.questionnaire_id
            cross join lateral jsonb_array_elements(q.questions) as question
            where ${filters} and question ->> 'type' = 'rating'
              and jsonb_typeof(i.answers -> (question ->> 'id')) = 'number') as average`),
      );
      return {
        responses: Number(row?.responses ?? 0),
        averageRating: row?.average === null || row?.average === undefined ? null : Number(row.average),
      };
    },
  };
}

export type EvaluationsService = ReturnType<typeof createEvaluationsService>;
