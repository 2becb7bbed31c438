import { z } from 'zod';
import { type RouteContract, STUDENT_OWN_DATA } from './common.ts';
import { CourseModalitySchema, LessonContentSchema, LessonTypeSchema } from './courses.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/**
 * SPEC 3: progress is the share of a formation's lessons the learner completed, 0 to 100, kept in
 * course_enrollments.progress (0 if missing). The server computes it the same way.
 */
export function computeProgress(completedLessons: number, totalLessons: number): number {
  if (totalLessons <= 0) return 0;
  return Math.min(100, Math.round((completedLessons / totalLessons) * 100));
}

/**
 * Whether a formation's progress also counts its quizzes (issue 13: passed quizzes over lessons and
 * active quizzes), which the lessons alone would not give: a screen writing '3 lessons completed out
 * of 8' beside 40 % must say the quizzes are in it.
 */
export function progressCountsQuizzes(
  progress: number,
  completedLessons: number,
  totalLessons: number,
): boolean {
  return progress !== computeProgress(completedLessons, totalLessons);
}

/** How many recent completions the progression screen lists. */
export const RECENT_COMPLETIONS_LIMIT = 10;

const progressFields = {
  progress: z.number().int().min(0).max(100),
  completedLessons: z.number().int().min(0),
  totalLessons: z.number().int().min(0),
};

/** A formation in the learner's list (`/formations`): only published ones they are enrolled in. */
export const StudentCourseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  organizationName: z.string(),
  durationHours: z.number().nullable(),
  modality: CourseModalitySchema.nullable(),
  /** Locked: listed, closed; its lessons cannot be opened (COURSE_LOCKED). */
  isLocked: z.boolean(),
  ...progressFields,
  enrolledAt: z.iso.datetime(),
  lastActivityAt: z.iso.datetime().nullable(),
});
export type StudentCourse = z.infer<typeof StudentCourseSchema>;

export const StudentCourseListQuerySchema = PaginationQuerySchema.extend({ search: SearchQuerySchema });
export type StudentCourseListQuery = z.input<typeof StudentCourseListQuerySchema>;

/** `emptyReason` is SPEC 8's EMPTY_COURSES ('No enrollments found') when the learner has no formation. */
export const StudentCourseListSchema = paginated(StudentCourseSchema).extend({
  emptyReason: z.literal('EMPTY_COURSES').optional(),
});
export type StudentCourseList = z.infer<typeof StudentCourseListSchema>;

export const StudentLessonSummarySchema = z.object({
  id: z.uuid(),
  moduleId: z.uuid(),
  title: z.string(),
  type: LessonTypeSchema,
  estimatedMinutes: z.number().int().min(0),
  position: z.number().int().min(0),
  isCompleted: z.boolean(),
  completedAt: z.iso.datetime().nullable(),
});
export type StudentLessonSummary = z.infer<typeof StudentLessonSummarySchema>;

export const StudentModuleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  position: z.number().int().min(0),
  ...progressFields,
  lessons: z.array(StudentLessonSummarySchema),
});
export type StudentModule = z.infer<typeof StudentModuleSchema>;

/** A lesson's place, to build `/formations/{formationId}/module/{moduleId}/lesson/{lessonId}`. */
export const LessonRefSchema = z.object({ lessonId: z.uuid(), moduleId: z.uuid() });
export type LessonRef = z.infer<typeof LessonRefSchema>;

/** `/formations/{id}`: the programme sheet, modules and lessons with completion marks. */
export const StudentCourseDetailSchema = StudentCourseSchema.extend({
  objectives: z.string(),
  prerequisites: z.string(),
  audience: z.string(),
  teachingMethods: z.string(),
  assessmentMethods: z.string(),
  accessibility: z.string(),
  modules: z.array(StudentModuleSchema),
  /** The 'continue' button: the first lesson not completed, in order; null once all are done. */
  nextLesson: LessonRefSchema.nullable(),
});
export type StudentCourseDetail = z.infer<typeof StudentCourseDetailSchema>;

/** The lesson view: content, completion, previous and next lessons across modules. */
export const StudentLessonSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  moduleId: z.uuid(),
  moduleTitle: z.string(),
  title: z.string(),
  type: LessonTypeSchema,
  estimatedMinutes: z.number().int().min(0),
  content: LessonContentSchema,
  isCompleted: z.boolean(),
  completedAt: z.iso.datetime().nullable(),
  previousLesson: LessonRefSchema.nullable(),
  nextLesson: LessonRefSchema.nullable(),
});
export type StudentLesson = z.infer<typeof StudentLessonSchema>;

/** After 'mark as completed': the formation's new progress (the call may be repeated safely). */
export const CompleteLessonResultSchema = z.object({
  lessonId: z.uuid(),
  courseId: z.uuid(),
  completedAt: z.iso.datetime(),
  ...progressFields,
});
export type CompleteLessonResult = z.infer<typeof CompleteLessonResultSchema>;

/** `/progression`: progress per formation and module, and the latest completions. */
export const ProgressionSchema = z.object({
  summary: z.object({
    courseCount: z.number().int().min(0),
    completedCourseCount: z.number().int().min(0),
    completedLessonCount: z.number().int().min(0),
    /** Mean of the formations' progress, rounded; 0 without formations. */
    averageProgress: z.number().int().min(0).max(100),
  }),
  courses: z.array(
    z.object({
      courseId: z.uuid(),
      title: z.string(),
      isLocked: z.boolean(),
      ...progressFields,
      modules: z.array(z.object({ moduleId: z.uuid(), title: z.string(), ...progressFields })),
    }),
  ),
  recentCompletions: z.array(
    z.object({
      lessonId: z.uuid(),
      lessonTitle: z.string(),
      moduleId: z.uuid(),
      courseId: z.uuid(),
      courseTitle: z.string(),
      completedAt: z.iso.datetime(),
    }),
  ),
});
export type Progression = z.infer<typeof ProgressionSchema>;

export const StudentCourseParamsSchema = z.object({ courseId: z.uuid() });
export const StudentLessonParamsSchema = z.object({ courseId: z.uuid(), lessonId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Routes for the signed-in learner (role student; an admin may use them too, SPEC 6) about their
// own enrolments. No session: 401 NO_SESSION; no organisation: 409 NO_ORGANIZATION. A formation
// they are not enrolled in, a draft, an archived one or another organisation's: 404
// TRAINING_NOT_FOUND. A lesson of a locked formation: 403 COURSE_LOCKED.
// ---------------------------------------------------------------------------------------------

export const learningRoutes = {
  listCourses: {
    method: 'GET',
    path: '/api/learning/courses',
    access: STUDENT_OWN_DATA,
    query: StudentCourseListQuerySchema,
    response: StudentCourseListSchema,
  },
  getCourse: {
    method: 'GET',
    path: '/api/learning/courses/:courseId',
    access: STUDENT_OWN_DATA,
    params: StudentCourseParamsSchema,
    response: StudentCourseDetailSchema,
  },
  getLesson: {
    method: 'GET',
    path: '/api/learning/courses/:courseId/lessons/:lessonId',
    access: STUDENT_OWN_DATA,
    params: StudentLessonParamsSchema,
    response: StudentLessonSchema,
  },
  completeLesson: {
    method: 'POST',
    path: '/api/learning/courses/:courseId/lessons/:lessonId/complete',
    access: STUDENT_OWN_DATA,
    params: StudentLessonParamsSchema,
    response: CompleteLessonResultSchema,
  },
  progression: {
    method: 'GET',
    path: '/api/learning/progression',
    access: STUDENT_OWN_DATA,
    response: ProgressionSchema,
  },
} as const satisfies Record<string, RouteContract>;
