import {
  type CreateExerciseInput,
  CreateExerciseInputSchema,
  type Exercise,
  type ExerciseSubmissionType,
  fileUrl,
  type PaginationQuery,
  type ReviewSubmissionInput,
  ReviewSubmissionInputSchema,
  type SessionUser,
  type StoredFile,
  type StudentExercise,
  type Submission,
  type SubmissionStatus,
  type SubmitExerciseInput,
  SubmitExerciseInputSchema,
  type TrainerExercise,
  type TrainerExerciseListQuery,
  TrainerExerciseListQuerySchema,
  type UpdateExerciseInput,
  UpdateExerciseInputSchema,
} from '@cursus/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FilesService, StoredFileRow } from '../files/files.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { exerciseSubmissions, exercises } from './exercises.tables.ts';

type ExerciseRow = typeof exercises.$inferSelect;
type SubmissionRow = typeof exerciseSubmissions.$inferSelect;

// Titles and names live in other domains' tables; these subqueries read them in the same
// statement as the list, under the same tenant policies.
const courseTitle = sql<string>`coalesce((select c.title from courses c where c.id = exercises.course_id), '')`;
const moduleTitle = sql<
  string | null
>`(select m.title from course_modules m where m.id = exercises.module_id)`;
const studentName = sql<string>`coalesce((select p.full_name from profiles p where p.id = exercise_submissions.student_id), '')`;
const countOf = (status: SubmissionStatus) =>
  sql<number>`(select count(*) from exercise_submissions s where s.exercise_id = exercises.id and s.status = ${status})`.mapWith(
    Number,
  );

const exerciseColumns = { exercise: exercises, courseTitle, moduleTitle };

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function toExercise(row: {
  exercise: ExerciseRow;
  courseTitle: string;
  moduleTitle: string | null;
}): Exercise {
  const { exercise } = row;
  return {
    id: exercise.id,
    courseId: exercise.courseId,
    courseTitle: row.courseTitle,
    moduleId: exercise.moduleId,
    moduleTitle: row.moduleTitle,
    title: exercise.title,
    instructions: exercise.instructions,
    dueAt: iso(exercise.dueAt),
    submissionType: exercise.submissionType as ExerciseSubmissionType,
    createdAt: exercise.createdAt.toISOString(),
    updatedAt: exercise.updatedAt.toISOString(),
  };
}

function toStoredFile(row: StoredFileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    purpose: row.purpose as StoredFile['purpose'],
    url: fileUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

function toSubmission(row: SubmissionRow, name: string, files: Map<string, StoredFileRow>): Submission {
  const file = row.fileId ? files.get(row.fileId) : undefined;
  return {
    id: row.id,
    exerciseId: row.exerciseId,
    studentId: row.studentId,
    studentName: name,
    text: row.textContent,
    file: file ? toStoredFile(file) : null,
    status: row.status as SubmissionStatus,
    feedback: row.feedback,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: iso(row.reviewedAt),
  };
}

function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

export function createExercisesService(deps: {
  database: Database;
  files: FilesService;
  notifications: NotificationsService;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, files, notifications, now, log } = deps;

  async function filesOf(tx: Tx, organizationId: string, rows: { fileId: string | null }[]) {
    const ids = [...new Set(rows.flatMap((row) => (row.fileId ? [row.fileId] : [])))];
    const found = await files.findInOrganization(tx, organizationId, ids);
    return new Map(found.map((file) => [file.id, file]));
  }

  async function findForStaff(tx: Tx, organizationId: string, id: string) {
    const [row] = await tx
      .select(exerciseColumns)
      .from(exercises)
      .where(and(eq(exercises.id, id), eq(exercises.organizationId, organizationId)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The formation must be the organisation's, and the module one of its own. */
  async function checkPlacement(tx: Tx, organizationId: string, courseId: string, moduleId: string | null) {
    const result = await tx.execute(sql`select
      exists (select 1 from courses where id = ${courseId} and organization_id = ${organizationId}) as course,
      (${moduleId}::uuid is null or exists (select 1 from course_modules where id = ${moduleId} and course_id = ${courseId})) as module`);
    // Both drivers answer `{ rows }`; Drizzle types it per driver.
    const [found] = (result as unknown as { rows: { course: boolean; module: boolean }[] }).rows;
    if (!found?.course) throw new AppError('TRAINING_NOT_FOUND');
    if (!found.module) throw new AppError('NOT_FOUND');
  }

  /** What a learner sees: exercises of published formations they are enrolled in, in their organisation. */
  function visibleTo(actor: SessionUser, organizationId: string): SQL {
    return and(
      eq(exercises.organizationId, organizationId),
      sql`exists (select 1 from courses c join course_enrollments e on e.course_id = c.id
        where c.id = exercises.course_id and c.status = 'published' and e.student_id = ${actor.id})`,
    )!;
  }

  /**
   * The exercise a learner may hand work in for: another's or unknown answer alike (NOT_FOUND); a
   * locked formation stays listed but takes no work (SPEC 3 is_locked, COURSE_LOCKED).
   */
  async function openForWork(tx: Tx, actor: SessionUser, organizationId: string, id: string) {
    const [row] = await tx
      .select({
        exercise: exercises,
        isLocked: sql<boolean>`exists (select 1 from courses c where c.id = exercises.course_id and c.is_locked)`,
      })
      .from(exercises)
      .where(and(eq(exercises.id, id), visibleTo(actor, organizationId)));
    if (!row) throw new AppError('NOT_FOUND');
    if (row.isLocked) throw new AppError('COURSE_LOCKED');
    return row.exercise;
  }

  /** Raised after the work is saved: a failed notification never loses the learner's work. */
  async function notifyQuietly(work: () => Promise<unknown>, context: object) {
    try {
      await work();
    } catch (error) {
      log.error({ err: error, ...context }, 'exercise notification failed');
    }
  }

  return {
    async listForTrainer(actor: SessionUser, input: TrainerExerciseListQuery) {
      const organizationId = organizationOf(actor);
      const query = TrainerExerciseListQuerySchema.parse(input);
      const where = and(
        eq(exercises.organizationId, organizationId),
        query.courseId ? eq(exercises.courseId, query.courseId) : undefined,
      );
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(exercises).where(where),
          tx
            .select({
              ...exerciseColumns,
              submitted: countOf('submitted'),
              reviewed: countOf('reviewed'),
              toRedo: countOf('to_redo'),
            })
            .from(exercises)
            .where(where)
            .orderBy(desc(exercises.createdAt), desc(exercises.id))
            .$dynamic(),
          (row): TrainerExercise => ({
            ...toExercise(row),
            submissionCounts: { submitted: row.submitted, reviewed: row.reviewed, toRedo: row.toRedo },
          }),
        ),
      );
    },

    async create(actor: SessionUser, input: CreateExerciseInput): Promise<Exercise> {
      const organizationId = organizationOf(actor);
      const values = CreateExerciseInputSchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        await checkPlacement(tx, organizationId, values.courseId, values.moduleId);
        const [created] = await tx
          .insert(exercises)
          .values({
            organizationId,
            courseId: values.courseId,
            moduleId: values.moduleId,
            title: values.title,
            instructions: values.instructions,
            dueAt: values.dueAt ? new Date(values.dueAt) : null,
            submissionType: values.submissionType,
            createdBy: actor.id,
          })
          .returning({ id: exercises.id });
        return toExercise(await findForStaff(tx, organizationId, created!.id));
      });
    },

    async update(actor: SessionUser, id: string, input: UpdateExerciseInput): Promise<Exercise> {
      const organizationId = organizationOf(actor);
      const changes = UpdateExerciseInputSchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const current = await findForStaff(tx, organizationId, id);
        if (changes.moduleId)
          await checkPlacement(tx, organizationId, current.exercise.courseId, changes.moduleId);
        await tx
          .update(exercises)
          .set({
            ...changes,
            dueAt: changes.dueAt === undefined ? undefined : changes.dueAt ? new Date(changes.dueAt) : null,
            updatedAt: now(),
          })
          .where(eq(exercises.id, id));
        return toExercise(await findForStaff(tx, organizationId, id));
      });
    },

    async remove(actor: SessionUser, id: string) {
      const organizationId = organizationOf(actor);
      const deleted = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .delete(exercises)
          .where(and(eq(exercises.id, id), eq(exercises.organizationId, organizationId)))
          .returning({ id: exercises.id }),
      );
      if (deleted.length === 0) throw new AppError('NOT_FOUND');
    },

    async listSubmissions(actor: SessionUser, id: string) {
      const organizationId = organizationOf(actor);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const exercise = await findForStaff(tx, organizationId, id);
        const rows = await tx
          .select({ submission: exerciseSubmissions, studentName })
          .from(exerciseSubmissions)
          .where(eq(exerciseSubmissions.exerciseId, id))
          .orderBy(asc(exerciseSubmissions.submittedAt), asc(exerciseSubmissions.id));
        const found = await filesOf(
          tx,
          organizationId,
          rows.map((row) => row.submission),
        );
        return {
          exercise: toExercise(exercise),
          items: rows.map((row) => toSubmission(row.submission, row.studentName, found)),
        };
      });
    },

    /** The trainer's verdict; the learner is told. */
    async review(
      actor: SessionUser,
      submissionId: string,
      input: ReviewSubmissionInput,
    ): Promise<Submission> {
      const organizationId = organizationOf(actor);
      const { status, feedback } = ReviewSubmissionInputSchema.parse(input);
      const { submission, exerciseTitle } = await database.withTenant(tenantOf(actor), async (tx) => {
        const [updated] = await tx
          .update(exerciseSubmissions)
          .set({
            status,
            feedback: feedback || null,
            reviewedBy: actor.id,
            reviewedAt: now(),
            updatedAt: now(),
          })
          .where(
            and(
              eq(exerciseSubmissions.id, submissionId),
              eq(exerciseSubmissions.organizationId, organizationId),
            ),
          )
          .returning();
        if (!updated) throw new AppError('NOT_FOUND');
        const [named] = await tx
          .select({
            studentName,
            exerciseTitle: sql<string>`(select e.title from exercises e where e.id = exercise_submissions.exercise_id)`,
          })
          .from(exerciseSubmissions)
          .where(eq(exerciseSubmissions.id, submissionId));
        const found = await filesOf(tx, organizationId, [updated]);
        return {
          submission: toSubmission(updated, named?.studentName ?? '', found),
          exerciseTitle: named?.exerciseTitle ?? '',
        };
      });
      await notifyQuietly(
        () =>
          notifications.createNotification(
            { userId: submission.studentId, organizationId },
            {
              type: 'exercise_reviewed',
              actionUrl: '/exercises',
              metadata: { exerciseId: submission.exerciseId, exerciseTitle, status },
            },
          ),
        { submissionId },
      );
      return submission;
    },

    async listMine(actor: SessionUser, query: PaginationQuery) {
      const organizationId = organizationOf(actor);
      const where = visibleTo(actor, organizationId);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(exercises).where(where),
          tx
            .select({ ...exerciseColumns, submission: exerciseSubmissions })
            .from(exercises)
            .leftJoin(
              exerciseSubmissions,
              and(
                eq(exerciseSubmissions.exerciseId, exercises.id),
                eq(exerciseSubmissions.studentId, actor.id),
              ),
            )
            .where(where)
            .orderBy(sql`${exercises.dueAt} asc nulls last`, desc(exercises.createdAt), desc(exercises.id))
            .$dynamic(),
          (row) => row,
        );
        const found = await filesOf(
          tx,
          organizationId,
          page.items.flatMap((row) => (row.submission ? [row.submission] : [])),
        );
        return {
          ...page,
          items: page.items.map(
            (row): StudentExercise => ({
              ...toExercise(row),
              submission: row.submission ? toSubmission(row.submission, actor.fullName, found) : null,
            }),
          ),
        };
      });
    },

    /** The exercise if the learner may hand work in for it now (before an upload). */
    async findForLearner(actor: SessionUser, id: string): Promise<ExerciseRow> {
      const organizationId = organizationOf(actor);
      return database.withTenant(tenantOf(actor), (tx) => openForWork(tx, actor, organizationId, id));
    },

    /**
     * Hands work in, or replaces it while not yet reviewed; a reviewed submission is final
     * (ALREADY_EXISTS). The file must be one this learner uploaded. Staff are notified.
     */
    async submit(actor: SessionUser, id: string, input: SubmitExerciseInput): Promise<Submission> {
      const organizationId = organizationOf(actor);
      const work = SubmitExerciseInputSchema.parse(input);
      const { submission, exercise } = await database.withTenant(tenantOf(actor), async (tx) => {
        const exercise = await openForWork(tx, actor, organizationId, id);
        const invalid = (path: string) =>
          new AppError('VALIDATION_ERROR', { fields: [{ path, message: 'required' }] });
        if (exercise.submissionType === 'text' && (work.text === null || work.fileId !== null))
          throw invalid('text');
        if (exercise.submissionType === 'file' && work.fileId === null) throw invalid('fileId');
        const found = await filesOf(tx, organizationId, [work]);
        if (work.fileId && found.get(work.fileId)?.uploadedBy !== actor.id)
          throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'fileId', message: 'unknown file' }] });
        const at = now();
        const [saved] = await tx
          .insert(exerciseSubmissions)
          .values({
            organizationId,
            exerciseId: id,
            studentId: actor.id,
            textContent: work.text,
            fileId: work.fileId,
            submittedAt: at,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: [exerciseSubmissions.exerciseId, exerciseSubmissions.studentId],
            set: {
              textContent: work.text,
              fileId: work.fileId,
              status: 'submitted',
              submittedAt: at,
              updatedAt: at,
            },
            setWhere: sql`${exerciseSubmissions.status} <> 'reviewed'`,
          })
          .returning();
        if (!saved) throw new AppError('ALREADY_EXISTS');
        return { submission: toSubmission(saved, actor.fullName, found), exercise };
      });
      await notifyQuietly(
        () =>
          notifications.notifyOrganizationStaff(organizationId, {
            type: 'exercise_submitted',
            actionUrl: `/trainer/exercises?exercise=${exercise.id}`,
            metadata: { exerciseId: exercise.id, exerciseTitle: exercise.title, studentName: actor.fullName },
          }),
        { exerciseId: id },
      );
      return submission;
    },
  };
}

export type ExercisesService = ReturnType<typeof createExercisesService>;
