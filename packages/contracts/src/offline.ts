import { z } from 'zod';
import { type RouteContract, STUDENT_OWN_DATA } from './common.ts';
import { StudentCourseDetailSchema, StudentCourseParamsSchema, StudentLessonSchema } from './learning.ts';

const MB = 1024 * 1024;

/**
 * Issue 18: what one formation may take on the learner's device, lessons and files together. 50 MB
 * holds a formation of text lessons and PDFs with a few short videos, while a phone keeps room for
 * several formations; the app states it before a download and refuses a formation above it.
 */
export const OFFLINE_FORMATION_MAX_BYTES = 50 * MB;

/** A file the formation's lessons show (uploaded video or document, image of a text lesson). */
export const OfflineFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
  /** Where to download it: the files route, with the learner's own read rights. */
  url: z.string(),
});
export type OfflineFile = z.infer<typeof OfflineFileSchema>;

/**
 * Everything a learner's device keeps of one formation to follow it offline: the formation page
 * and every lesson page as the learning routes answer them, and the files those lessons show.
 */
export const OfflinePackageSchema = z.object({
  course: StudentCourseDetailSchema,
  lessons: z.array(StudentLessonSchema),
  /**
   * The formation's active quizzes and those the learner passed: they count in its progress beside
   * the lessons (computeProgress's items), so the device recomputes it as the server would.
   */
  quizzes: z.object({ active: z.number().int().min(0), passed: z.number().int().min(0) }),
  files: z.array(OfflineFileSchema),
  /** The files' sizes added up; lessons' texts are small beside them and not counted. */
  totalBytes: z.number().int().min(0),
  maxBytes: z.number().int().min(0),
  generatedAt: z.iso.datetime(),
});
export type OfflinePackage = z.infer<typeof OfflinePackageSchema>;

// ---------------------------------------------------------------------------------------------
// The signed-in learner's own formations only (the learning routes' rules): not enrolled, a draft,
// an archived one or another organisation's: 404 TRAINING_NOT_FOUND; a locked one: 403
// COURSE_LOCKED, since its lessons cannot be opened.
// ---------------------------------------------------------------------------------------------

export const offlineRoutes = {
  getPackage: {
    method: 'GET',
    path: '/api/learning/courses/:courseId/offline',
    access: STUDENT_OWN_DATA,
    params: StudentCourseParamsSchema,
    response: OfflinePackageSchema,
  },
} as const satisfies Record<string, RouteContract>;
