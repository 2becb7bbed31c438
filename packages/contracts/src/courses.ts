import { z } from 'zod';
import { IdParamsSchema, OkSchema, ORGANIZATION_STAFF, type RouteContract, text } from './common.ts';
import { StoredFileSchema } from './files.ts';
import { PaginationQuerySchema, paginated, QueryBooleanSchema, SearchQuerySchema } from './pagination.ts';

// ---------------------------------------------------------------------------------------------
// Formation (SPEC 3 "Course") and its training-programme sheet
// ---------------------------------------------------------------------------------------------

/** SPEC 3: a formation's category when none is given, and its organisation's name when unknown. */
export const DEFAULT_COURSE_CATEGORY = 'Formation';
export const DEFAULT_ORGANIZATION_NAME = 'Organisme de formation';
/** Appended to a duplicated formation's title. */
export const DUPLICATE_TITLE_SUFFIX = ' (copie)';

export const COURSE_STATUSES = ['published', 'draft'] as const;
export const CourseStatusSchema = z.enum(COURSE_STATUSES);
export type CourseStatus = z.infer<typeof CourseStatusSchema>;

/** How the training is delivered (French programme sheets: présentiel, distanciel, mixte). */
export const COURSE_MODALITIES = ['in_person', 'distance', 'blended'] as const;
export const CourseModalitySchema = z.enum(COURSE_MODALITIES);
export type CourseModality = z.infer<typeof CourseModalitySchema>;

const LONG_TEXT_MAX = 5000;
const longText = () => z.string().trim().max(LONG_TEXT_MAX);
const category = () =>
  z
    .string()
    .trim()
    .max(100)
    .transform((value) => value || DEFAULT_COURSE_CATEGORY);

/**
 * The programme-sheet fields Qualiopi auditors ask for, all plain text (line breaks kept, no HTML).
 * `priceCents` is the price in euro cents (integer, so no rounding): 1 250,50 € is 125050; null
 * when the formation has no public price. `durationHours` may be fractional (3.5).
 */
const courseSheetFields = {
  description: longText(),
  objectives: longText(),
  prerequisites: longText(),
  audience: longText(),
  durationHours: z.number().min(0).max(10_000).nullable(),
  modality: CourseModalitySchema.nullable(),
  teachingMethods: longText(),
  assessmentMethods: longText(),
  accessibility: longText(),
  priceCents: z.number().int().min(0).max(100_000_000).nullable(),
  /** The formation's first and last days (both included), shown on the planning; either may be unset. */
  startsOn: z.iso.date().nullable(),
  endsOn: z.iso.date().nullable(),
};

/**
 * The two dates change together (a form sends both), so a new end is never checked against a
 * stored start the request does not name; the last day is not before the first.
 */
const datesTogetherInOrder: [
  (value: { startsOn?: string | null; endsOn?: string | null }) => boolean,
  { message: string; path: string[] },
] = [
  (value) =>
    (value.startsOn === undefined) === (value.endsOn === undefined) &&
    (!value.startsOn || !value.endsOn || value.startsOn <= value.endsOn),
  { message: 'endsOn must be given with startsOn, and not before it', path: ['endsOn'] },
];

/** Creation (SPEC 5: title required; SPEC 3: category defaults to 'Formation'). A new formation is a draft. */
export const CreateCourseInputSchema = z
  .object({
    title: text(200),
    category: category()
      .optional()
      .transform((value) => value ?? DEFAULT_COURSE_CATEGORY),
    ...z.object(courseSheetFields).partial().shape,
  })
  .refine(...datesTogetherInOrder);
export type CreateCourseInput = z.input<typeof CreateCourseInputSchema>;

/** Any subset of the editable fields; status, lock and archive have their own routes. */
export const UpdateCourseInputSchema = z
  .object({
    title: text(200).optional(),
    category: category().optional(),
    ...z.object(courseSheetFields).partial().shape,
  })
  .refine(...datesTogetherInOrder);
export type UpdateCourseInput = z.input<typeof UpdateCourseInputSchema>;

/** A formation as trainers and admins see it, in lists and on its own. Dates are ISO 8601 strings. */
export const CourseSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  /** SPEC 3: 'Organisme de formation' when the organisation has no name. */
  organizationName: z.string(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  objectives: z.string(),
  prerequisites: z.string(),
  audience: z.string(),
  durationHours: z.number().nullable(),
  modality: CourseModalitySchema.nullable(),
  teachingMethods: z.string(),
  assessmentMethods: z.string(),
  accessibility: z.string(),
  /** Euro cents, or null without a public price. */
  priceCents: z.number().int().nullable(),
  startsOn: z.iso.date().nullable(),
  endsOn: z.iso.date().nullable(),
  status: CourseStatusSchema,
  /** A locked formation stays listed for its learners, but its lessons cannot be opened. */
  isLocked: z.boolean(),
  /** Archived formations leave the default lists and learners' views; their data is kept. */
  isArchived: z.boolean(),
  archivedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  moduleCount: z.number().int().min(0),
  lessonCount: z.number().int().min(0),
  enrollmentCount: z.number().int().min(0),
});
export type Course = z.infer<typeof CourseSchema>;

/**
 * A formation as a row of the trainers' and admins' list shows it: the sheet's long texts stay on
 * the formation's own page (issue 12: a list reads and sends only what it shows).
 */
export const CourseListItemSchema = CourseSchema.pick({
  id: true,
  organizationId: true,
  organizationName: true,
  title: true,
  category: true,
  status: true,
  isLocked: true,
  isArchived: true,
  updatedAt: true,
  moduleCount: true,
  lessonCount: true,
  enrollmentCount: true,
});
export type CourseListItem = z.infer<typeof CourseListItemSchema>;

// ---------------------------------------------------------------------------------------------
// Lessons and their content
// ---------------------------------------------------------------------------------------------

export const LESSON_TYPES = ['text', 'video', 'document', 'link'] as const;
export const LessonTypeSchema = z.enum(LESSON_TYPES);
export type LessonType = z.infer<typeof LessonTypeSchema>;

/** Longest HTML a text lesson may hold (characters, before sanitising). */
export const TEXT_LESSON_MAX_LENGTH = 200_000;
/** Estimated duration of a lesson when the trainer gives none, and the most it may be. */
export const DEFAULT_LESSON_MINUTES = 10;
export const MAX_LESSON_MINUTES = 24 * 60;

/** Video hosts a lesson may embed, each played from its privacy-friendly player. */
export const VIDEO_PROVIDERS = ['youtube', 'vimeo', 'dailymotion'] as const;
export const VideoProviderSchema = z.enum(VIDEO_PROVIDERS);
export type VideoProvider = z.infer<typeof VideoProviderSchema>;

/** The origins embedded players load from: the web's iframes and the server's CSP `frame-src`. */
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.dailymotion.com',
] as const;

const VIDEO_ID_PATTERNS: Record<VideoProvider, RegExp> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^\d{1,12}$/,
  dailymotion: /^[A-Za-z0-9]{5,20}$/,
};

/**
 * Reads a YouTube, Vimeo or Dailymotion page or share link into its provider and video id, or
 * null for anything else (the allow-list: other hosts are never embedded). Accepts the usual
 * forms: youtube.com/watch?v=, youtu.be/, /embed/, /shorts/, /live/; vimeo.com/123,
 * player.vimeo.com/video/123; dailymotion.com/video/x…, dai.ly/x….
 */
export function parseVideoUrl(input: string): { provider: VideoProvider; videoId: string } | null {
  // No `URL` here: contracts run without DOM or Node typings. Credentials and ports are refused.
  const match = /^https?:\/\/([a-z0-9.-]+)(\/[^?#]*)?(\?[^#]*)?(#.*)?$/i.exec(input.trim());
  if (!match) return null;
  const host = match[1]!.toLowerCase().replace(/^(www\.|m\.)/, '');
  const segments = (match[2] ?? '').split('/').filter(Boolean);
  const query = (match[3] ?? '').slice(1).split('&');
  const queryValue = (name: string) =>
    query.find((pair) => pair.startsWith(`${name}=`))?.slice(name.length + 1);
  let provider: VideoProvider | null = null;
  let videoId: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    provider = 'youtube';
    if (segments[0] === 'watch') videoId = queryValue('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) videoId = segments[1];
  } else if (host === 'youtu.be') {
    provider = 'youtube';
    videoId = segments[0];
  } else if (host === 'vimeo.com') {
    provider = 'vimeo';
    videoId = segments.find((segment) => /^\d+$/.test(segment));
  } else if (host === 'player.vimeo.com') {
    provider = 'vimeo';
    if (segments[0] === 'video') videoId = segments[1];
  } else if (host === 'dailymotion.com') {
    provider = 'dailymotion';
    const index = segments.indexOf('video');
    videoId = index >= 0 ? segments[index + 1]?.split('_')[0] : undefined;
  } else if (host === 'dai.ly') {
    provider = 'dailymotion';
    videoId = segments[0];
  }
  if (!provider || !videoId || !VIDEO_ID_PATTERNS[provider].test(videoId)) return null;
  return { provider, videoId };
}

/** The player address for an allow-listed video: no tracking cookies before the learner presses play. */
export function videoEmbedUrl(provider: VideoProvider, videoId: string): string {
  switch (provider) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${videoId}`;
    case 'vimeo':
      return `https://player.vimeo.com/video/${videoId}?dnt=1`;
    case 'dailymotion':
      return `https://www.dailymotion.com/embed/video/${videoId}`;
  }
}

/** The canonical page of an allow-listed video (what is stored and shown as its link). */
export function videoPageUrl(provider: VideoProvider, videoId: string): string {
  switch (provider) {
    case 'youtube':
      return `https://www.youtube.com/watch?v=${videoId}`;
    case 'vimeo':
      return `https://vimeo.com/${videoId}`;
    case 'dailymotion':
      return `https://www.dailymotion.com/video/${videoId}`;
  }
}

const HttpsUrlSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(2048);

/**
 * What a trainer sends as a lesson's content, by type. Text is rich HTML, sanitised by the server
 * (headings, lists, links, emphasis, code, quotes; images only from `/api/files/…`): scripts, event
 * handlers and `javascript:` links are removed. A video is an uploaded file or an allow-listed
 * page URL (anything else fails with UNSUPPORTED_FORMAT on `content.url`). A document is an
 * uploaded PDF. A link is an https URL.
 */
export const LessonContentInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), html: z.string().max(TEXT_LESSON_MAX_LENGTH) }),
  z.discriminatedUnion('source', [
    z.object({ type: z.literal('video'), source: z.literal('upload'), fileId: z.uuid() }),
    z
      .object({ type: z.literal('video'), source: z.literal('embed'), url: z.string().trim().max(2048) })
      .refine((value) => parseVideoUrl(value.url) !== null, { message: 'UNSUPPORTED_FORMAT', path: ['url'] }),
  ]),
  z.object({ type: z.literal('document'), fileId: z.uuid() }),
  z.object({ type: z.literal('link'), url: HttpsUrlSchema }),
]);
export type LessonContentInput = z.infer<typeof LessonContentInputSchema>;

const FileRefSchema = StoredFileSchema.pick({
  id: true,
  name: true,
  mimeType: true,
  sizeBytes: true,
  url: true,
});

/** A lesson's content as stored and served: text already sanitised, videos resolved to a player. */
export const LessonContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), html: z.string() }),
  z.discriminatedUnion('source', [
    z.object({ type: z.literal('video'), source: z.literal('upload'), file: FileRefSchema }),
    z.object({
      type: z.literal('video'),
      source: z.literal('embed'),
      provider: VideoProviderSchema,
      videoId: z.string(),
      url: z.string(),
      embedUrl: z.string(),
    }),
  ]),
  z.object({ type: z.literal('document'), file: FileRefSchema }),
  z.object({ type: z.literal('link'), url: z.string() }),
]);
export type LessonContent = z.infer<typeof LessonContentSchema>;

/** A lesson in an outline: no content, so outlines stay small. Positions count from 0. */
export const LessonSummarySchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  moduleId: z.uuid(),
  title: z.string(),
  type: LessonTypeSchema,
  estimatedMinutes: z.number().int().min(0),
  position: z.number().int().min(0),
});
export type LessonSummary = z.infer<typeof LessonSummarySchema>;

export const LessonSchema = LessonSummarySchema.extend({
  content: LessonContentSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Lesson = z.infer<typeof LessonSchema>;

export const CreateLessonInputSchema = z.object({
  title: text(200),
  estimatedMinutes: z.number().int().min(0).max(MAX_LESSON_MINUTES).default(DEFAULT_LESSON_MINUTES),
  content: LessonContentInputSchema,
});
export type CreateLessonInput = z.input<typeof CreateLessonInputSchema>;

/** A lesson's type changes with its content. */
export const UpdateLessonInputSchema = z.object({
  title: text(200).optional(),
  estimatedMinutes: z.number().int().min(0).max(MAX_LESSON_MINUTES).optional(),
  content: LessonContentInputSchema.optional(),
});
export type UpdateLessonInput = z.infer<typeof UpdateLessonInputSchema>;

/** Moves a lesson to another module of the same formation, at `position` (default: last). */
export const MoveLessonInputSchema = z.object({
  moduleId: z.uuid(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type MoveLessonInput = z.infer<typeof MoveLessonInputSchema>;

// ---------------------------------------------------------------------------------------------
// Modules and the outline
// ---------------------------------------------------------------------------------------------

export const CourseModuleSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  title: z.string(),
  position: z.number().int().min(0),
  lessons: z.array(LessonSummarySchema),
});
export type CourseModule = z.infer<typeof CourseModuleSchema>;

/** A formation's modules in order, each with its lessons in order (SPEC 3 "content"). */
export const CourseOutlineSchema = z.object({ modules: z.array(CourseModuleSchema) });
export type CourseOutline = z.infer<typeof CourseOutlineSchema>;

export const CourseDetailSchema = CourseSchema.extend(CourseOutlineSchema.shape);
export type CourseDetail = z.infer<typeof CourseDetailSchema>;

export const ModuleInputSchema = z.object({ title: text(200) });
export type ModuleInput = z.infer<typeof ModuleInputSchema>;

/** Every id of the container exactly once, in the new order (drag and drop, keyboard included). */
const idOrder = () => z.array(z.uuid()).min(1).max(500);
export const ReorderModulesInputSchema = z.object({ moduleIds: idOrder() });
export type ReorderModulesInput = z.infer<typeof ReorderModulesInputSchema>;
export const ReorderLessonsInputSchema = z.object({ lessonIds: idOrder() });
export type ReorderLessonsInput = z.infer<typeof ReorderLessonsInputSchema>;

// ---------------------------------------------------------------------------------------------
// Enrolments (SPEC 3 course_enrollments), trainer side
// ---------------------------------------------------------------------------------------------

/** Account ids are opaque strings (not UUIDs). */
export const UserIdSchema = z.string().min(1).max(64);

export const EnrollStudentsInputSchema = z.object({ studentIds: z.array(UserIdSchema).min(1).max(200) });
export type EnrollStudentsInput = z.infer<typeof EnrollStudentsInputSchema>;

/** Students already enrolled are left as they are (and counted), so the call can be repeated. */
export const EnrollStudentsResultSchema = z.object({
  addedCount: z.number().int().min(0),
  alreadyEnrolledCount: z.number().int().min(0),
});

export const EnrollmentSchema = z.object({
  studentId: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** SPEC 3: 0 to 100, the share of the formation's lessons completed. */
  progress: z.number().int().min(0).max(100),
  completedLessons: z.number().int().min(0),
  totalLessons: z.number().int().min(0),
  enrolledAt: z.iso.datetime(),
  lastCompletedAt: z.iso.datetime().nullable(),
});
export type Enrollment = z.infer<typeof EnrollmentSchema>;

/** A student of the organisation, for the enrolment picker. */
export const EnrollmentCandidateSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  isEnrolled: z.boolean(),
});
export type EnrollmentCandidate = z.infer<typeof EnrollmentCandidateSchema>;

export const EnrollmentListQuerySchema = PaginationQuerySchema.extend({ search: SearchQuerySchema });
export type EnrollmentListQuery = z.input<typeof EnrollmentListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

export const COURSE_SORTS = ['createdAt', 'updatedAt', 'title'] as const;
export const CourseSortSchema = z.enum(COURSE_SORTS);

/**
 * The trainer list (`/trainer/courses`) and the admin list (`/admin/courses`) are one route:
 * trainers get their organisation's formations; admins get every organisation's (SPEC 6), and may
 * narrow to one with `organizationId`. `archived=true` lists archived formations only; by default
 * they are left out. Search matches part of the title, ignoring case.
 */
export const CourseListQuerySchema = PaginationQuerySchema.extend({
  search: SearchQuerySchema,
  status: CourseStatusSchema.optional(),
  locked: QueryBooleanSchema.optional(),
  archived: QueryBooleanSchema.default(false),
  organizationId: z.uuid().optional(),
  sortBy: CourseSortSchema.default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type CourseListQuery = z.input<typeof CourseListQuerySchema>;

/**
 * `emptyReason` is SPEC 8's EMPTY_COURSES ('No courses found') when the list is empty and no
 * filter narrowed it: the organisation has no formation yet.
 */
export const CourseListSchema = paginated(CourseListItemSchema).extend({
  emptyReason: z.literal('EMPTY_COURSES').optional(),
});
export type CourseList = z.infer<typeof CourseListSchema>;

export const CourseModuleParamsSchema = z.object({ id: z.uuid(), moduleId: z.uuid() });
export const CourseLessonParamsSchema = z.object({ id: z.uuid(), lessonId: z.uuid() });
export const CourseStudentParamsSchema = z.object({ id: z.uuid(), studentId: UserIdSchema });

// ---------------------------------------------------------------------------------------------
// Routes. Every one is for trainers (of an organisation: NO_ORGANIZATION otherwise) and admins,
// behind the SPEC 6 gate 'edit:courses'. A formation of another organisation answers 404
// TRAINING_NOT_FOUND, exactly like one that does not exist.
// ---------------------------------------------------------------------------------------------

export const courseRoutes = {
  list: {
    method: 'GET',
    path: '/api/courses',
    access: ORGANIZATION_STAFF,
    query: CourseListQuerySchema,
    response: CourseListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/courses',
    access: ORGANIZATION_STAFF,
    body: CreateCourseInputSchema,
    response: CourseDetailSchema,
  },
  get: {
    method: 'GET',
    path: '/api/courses/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CourseDetailSchema,
  },
  update: {
    method: 'PATCH',
    path: '/api/courses/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateCourseInputSchema,
    response: CourseDetailSchema,
  },
  /** Refused with 409 LINKED_DATA (SPEC 8's 23503) when learners are enrolled or completed lessons: archive instead. */
  delete: {
    method: 'DELETE',
    path: '/api/courses/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  publish: {
    method: 'POST',
    path: '/api/courses/:id/publish',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CourseSchema,
  },
  unpublish: {
    method: 'POST',
    path: '/api/courses/:id/unpublish',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CourseSchema,
  },
  lock: {
    method: 'POST',
    path: '/api/courses/:id/lock',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CourseSchema,
  },
  unlock: {
    method: 'POST',
    path: '/api/courses/:id/unlock',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CourseSchema,
  },
  archive: {
    method: 'POST',
    path: '/api/courses/:id/archive',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CourseSchema,
  },
  unarchive: {
    method: 'POST',
    path: '/api/courses/:id/unarchive',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CourseSchema,
  },
  /** A deep copy (modules and lessons), titled with ' (copie)', as an unlocked draft without learners. */
  duplicate: {
    method: 'POST',
    path: '/api/courses/:id/duplicate',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CourseDetailSchema,
  },

  createModule: {
    method: 'POST',
    path: '/api/courses/:id/modules',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ModuleInputSchema,
    response: CourseModuleSchema,
  },
  updateModule: {
    method: 'PATCH',
    path: '/api/courses/:id/modules/:moduleId',
    access: ORGANIZATION_STAFF,
    params: CourseModuleParamsSchema,
    body: ModuleInputSchema,
    response: CourseModuleSchema,
  },
  /** Deletes its lessons too (and learners' completions of them); progress is recomputed. */
  deleteModule: {
    method: 'DELETE',
    path: '/api/courses/:id/modules/:moduleId',
    access: ORGANIZATION_STAFF,
    params: CourseModuleParamsSchema,
    response: OkSchema,
  },
  /** `moduleIds` must list every module of the formation once (VALIDATION_ERROR otherwise). */
  reorderModules: {
    method: 'PUT',
    path: '/api/courses/:id/modules/order',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ReorderModulesInputSchema,
    response: CourseOutlineSchema,
  },

  createLesson: {
    method: 'POST',
    path: '/api/courses/:id/modules/:moduleId/lessons',
    access: ORGANIZATION_STAFF,
    params: CourseModuleParamsSchema,
    body: CreateLessonInputSchema,
    response: LessonSchema,
  },
  /** `lessonIds` must list every lesson of the module once. */
  reorderLessons: {
    method: 'PUT',
    path: '/api/courses/:id/modules/:moduleId/lessons/order',
    access: ORGANIZATION_STAFF,
    params: CourseModuleParamsSchema,
    body: ReorderLessonsInputSchema,
    response: CourseOutlineSchema,
  },
  /** The editor's and the learner preview's view of one lesson, content included. */
  getLesson: {
    method: 'GET',
    path: '/api/courses/:id/lessons/:lessonId',
    access: ORGANIZATION_STAFF,
    params: CourseLessonParamsSchema,
    response: LessonSchema,
  },
  updateLesson: {
    method: 'PATCH',
    path: '/api/courses/:id/lessons/:lessonId',
    access: ORGANIZATION_STAFF,
    params: CourseLessonParamsSchema,
    body: UpdateLessonInputSchema,
    response: LessonSchema,
  },
  deleteLesson: {
    method: 'DELETE',
    path: '/api/courses/:id/lessons/:lessonId',
    access: ORGANIZATION_STAFF,
    params: CourseLessonParamsSchema,
    response: OkSchema,
  },
  moveLesson: {
    method: 'POST',
    path: '/api/courses/:id/lessons/:lessonId/move',
    access: ORGANIZATION_STAFF,
    params: CourseLessonParamsSchema,
    body: MoveLessonInputSchema,
    response: CourseOutlineSchema,
  },

  listEnrollments: {
    method: 'GET',
    path: '/api/courses/:id/enrollments',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    query: EnrollmentListQuerySchema,
    response: paginated(EnrollmentSchema),
  },
  /**
   * Enrols students of the formation's organisation. Any id that is not a student of that
   * organisation fails the whole call with 404 USER_NOT_FOUND, its index in `details.fields`
   * (`studentIds.2`), without saying whether the account exists elsewhere.
   */
  enroll: {
    method: 'POST',
    path: '/api/courses/:id/enrollments',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: EnrollStudentsInputSchema,
    response: EnrollStudentsResultSchema,
  },
  /** Ends the enrolment; completions are kept, so re-enrolling restores the progress. */
  unenroll: {
    method: 'DELETE',
    path: '/api/courses/:id/enrollments/:studentId',
    access: ORGANIZATION_STAFF,
    params: CourseStudentParamsSchema,
    response: OkSchema,
  },
  /** Students of the formation's organisation, enrolled or not, for the multi-select picker. */
  listEnrollmentCandidates: {
    method: 'GET',
    path: '/api/courses/:id/enrollment-candidates',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    query: EnrollmentListQuerySchema,
    response: paginated(EnrollmentCandidateSchema),
  },
} as const satisfies Record<string, RouteContract>;
