import { z } from 'zod';
import {
  IdParamsSchema,
  OkSchema,
  ORGANIZATION_STAFF,
  type RouteContract,
  STUDENT_OWN_DATA,
  text,
} from './common.ts';
import { StoredFileSchema } from './files.ts';
import { PaginationQuerySchema, paginated } from './pagination.ts';

/** What a learner hands in: a text, a file, or either (at least one of them). */
export const EXERCISE_SUBMISSION_TYPES = ['text', 'file', 'text_or_file'] as const;
export const ExerciseSubmissionTypeSchema = z.enum(EXERCISE_SUBMISSION_TYPES);
export type ExerciseSubmissionType = z.infer<typeof ExerciseSubmissionTypeSchema>;

/** A submission's state: handed in, reviewed by the trainer, or sent back to redo. */
export const SUBMISSION_STATUSES = ['submitted', 'reviewed', 'to_redo'] as const;
export const SubmissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatusSchema>;

/** The statuses a review may give. */
export const REVIEW_STATUSES = ['reviewed', 'to_redo'] as const;

/** Files a learner may hand in, with the files module's limits and format checks (FILE_LIMITS). */
export const SUBMISSION_FILE_PURPOSES = ['document', 'image'] as const;

export const EXERCISE_INSTRUCTIONS_MAX = 10_000;
export const SUBMISSION_TEXT_MAX = 20_000;
export const FEEDBACK_MAX = 5_000;

export const ExerciseSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  moduleId: z.uuid().nullable(),
  moduleTitle: z.string().nullable(),
  title: z.string(),
  instructions: z.string(),
  dueAt: z.iso.datetime().nullable(),
  submissionType: ExerciseSubmissionTypeSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Exercise = z.infer<typeof ExerciseSchema>;

export const SubmissionSchema = z.object({
  id: z.uuid(),
  exerciseId: z.uuid(),
  studentId: z.string(),
  studentName: z.string(),
  text: z.string().nullable(),
  file: StoredFileSchema.nullable(),
  status: SubmissionStatusSchema,
  feedback: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

/** An exercise in the trainer's list, with how many submissions wait for a review. */
export const TrainerExerciseSchema = ExerciseSchema.extend({
  submissionCounts: z.object({
    submitted: z.number().int().min(0),
    reviewed: z.number().int().min(0),
    toRedo: z.number().int().min(0),
  }),
});
export type TrainerExercise = z.infer<typeof TrainerExerciseSchema>;

export const TrainerExerciseListQuerySchema = PaginationQuerySchema.extend({ courseId: z.uuid().optional() });
export type TrainerExerciseListQuery = z.input<typeof TrainerExerciseListQuerySchema>;
export const TrainerExerciseListSchema = paginated(TrainerExerciseSchema);
export type TrainerExerciseList = z.infer<typeof TrainerExerciseListSchema>;

const dueAt = () => z.iso.datetime({ offset: true }).nullable();

export const CreateExerciseInputSchema = z.object({
  courseId: z.uuid(),
  /** A module of that formation, or none for the whole formation. */
  moduleId: z.uuid().nullable().default(null),
  title: text(200),
  instructions: text(EXERCISE_INSTRUCTIONS_MAX),
  dueAt: dueAt().default(null),
  submissionType: ExerciseSubmissionTypeSchema.default('text_or_file'),
});
export type CreateExerciseInput = z.input<typeof CreateExerciseInputSchema>;

/** The formation stays; the module may change within it. */
export const UpdateExerciseInputSchema = z.object({
  moduleId: z.uuid().nullable().optional(),
  title: text(200).optional(),
  instructions: text(EXERCISE_INSTRUCTIONS_MAX).optional(),
  dueAt: dueAt().optional(),
  submissionType: ExerciseSubmissionTypeSchema.optional(),
});
export type UpdateExerciseInput = z.input<typeof UpdateExerciseInputSchema>;

export const ExerciseSubmissionsSchema = z.object({
  exercise: ExerciseSchema,
  items: z.array(SubmissionSchema),
});
export type ExerciseSubmissions = z.infer<typeof ExerciseSubmissionsSchema>;

export const ReviewSubmissionInputSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  feedback: z.string().trim().max(FEEDBACK_MAX).default(''),
});
export type ReviewSubmissionInput = z.input<typeof ReviewSubmissionInputSchema>;

/** An exercise of one of the learner's formations, with their submission if any. */
export const StudentExerciseSchema = ExerciseSchema.extend({ submission: SubmissionSchema.nullable() });
export type StudentExercise = z.infer<typeof StudentExerciseSchema>;
export const StudentExerciseListSchema = paginated(StudentExerciseSchema);
export type StudentExerciseList = z.infer<typeof StudentExerciseListSchema>;
export const StudentExerciseListQuerySchema = PaginationQuerySchema;

/**
 * A learner's work: a text, a file uploaded beforehand (POST .../files), or both, as the exercise
 * allows. Handing in again replaces the previous work until it is reviewed.
 */
export const SubmitExerciseInputSchema = z
  .object({
    text: z.string().trim().max(SUBMISSION_TEXT_MAX).nullable().default(null),
    fileId: z.uuid().nullable().default(null),
  })
  .transform((value) => ({ text: value.text || null, fileId: value.fileId }))
  .refine((value) => value.text !== null || value.fileId !== null, {
    path: ['text'],
    message: 'required',
  });
export type SubmitExerciseInput = z.input<typeof SubmitExerciseInputSchema>;

export const UploadSubmissionFileQuerySchema = z.object({ purpose: z.enum(SUBMISSION_FILE_PURPOSES) });

export const exerciseRoutes = {
  listForTrainer: {
    method: 'GET',
    path: '/api/trainer/exercises',
    access: ORGANIZATION_STAFF,
    query: TrainerExerciseListQuerySchema,
    response: TrainerExerciseListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/trainer/exercises',
    access: ORGANIZATION_STAFF,
    body: CreateExerciseInputSchema,
    response: ExerciseSchema,
  },
  update: {
    method: 'PATCH',
    path: '/api/trainer/exercises/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateExerciseInputSchema,
    response: ExerciseSchema,
  },
  /** With its submissions. */
  remove: {
    method: 'DELETE',
    path: '/api/trainer/exercises/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  listSubmissions: {
    method: 'GET',
    path: '/api/trainer/exercises/:id/submissions',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: ExerciseSubmissionsSchema,
  },
  /** The learner is notified of the status and the feedback. */
  review: {
    method: 'POST',
    path: '/api/trainer/exercise-submissions/:id/review',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ReviewSubmissionInputSchema,
    response: SubmissionSchema,
  },
  /** Exercises of the learner's published formations, soonest due first. */
  listMine: {
    method: 'GET',
    path: '/api/exercises',
    access: STUDENT_OWN_DATA,
    query: StudentExerciseListQuerySchema,
    response: StudentExerciseListSchema,
  },
  /** The organisation's trainers are notified. A reviewed submission is final (409 ALREADY_EXISTS). */
  submit: {
    method: 'POST',
    path: '/api/exercises/:id/submission',
    access: STUDENT_OWN_DATA,
    params: IdParamsSchema,
    body: SubmitExerciseInputSchema,
    response: SubmissionSchema,
  },
  /**
   * `multipart/form-data` with one part named `file`: a PDF or an image, under the files module's
   * limits (413 FILE_TOO_LARGE, 415 UNSUPPORTED_FORMAT, 429 RATE_LIMITED). Then named in `submit`.
   */
  uploadFile: {
    method: 'POST',
    path: '/api/exercises/:id/files',
    access: STUDENT_OWN_DATA,
    params: IdParamsSchema,
    query: UploadSubmissionFileQuerySchema,
    response: StoredFileSchema,
  },
} as const satisfies Record<string, RouteContract>;
