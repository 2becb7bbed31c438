import type {
  Progression,
  StudentCourse,
  StudentCourseDetail,
  StudentCourseList,
  StudentLesson,
  StudentLessonSummary,
  StudentModule,
} from '@cursus/contracts';

/** A valid UUID (the contracts check them) that is easy to read in a test: uuid(7) ends in …0007. */
export function uuid(index: number): string {
  return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

export const COURSE_ID = uuid(100);
export const MODULE_1 = uuid(201);
export const MODULE_2 = uuid(202);
export const LESSON_1 = uuid(301);
export const LESSON_2 = uuid(302);
export const LESSON_3 = uuid(303);
export const LESSON_4 = uuid(304);

const ENROLLED_AT = '2025-03-01T09:00:00.000Z';

export function buildStudentCourse(overrides: Partial<StudentCourse> = {}): StudentCourse {
  return {
    id: COURSE_ID,
    title: 'Sécurité au travail',
    description: 'Les bons réflexes sur un chantier.',
    category: 'Formation',
    organizationName: 'Formations Lumière',
    durationHours: 7,
    modality: 'distance',
    isLocked: false,
    progress: 50,
    completedLessons: 2,
    totalLessons: 4,
    enrolledAt: ENROLLED_AT,
    lastActivityAt: null,
    ...overrides,
  };
}

export function buildCourseList(
  items: StudentCourse[],
  overrides: Partial<StudentCourseList> = {},
): StudentCourseList {
  return { items, total: items.length, page: 1, pageSize: 12, ...overrides };
}

function lesson(
  id: string,
  moduleId: string,
  title: string,
  position: number,
  isCompleted: boolean,
): StudentLessonSummary {
  return {
    id,
    moduleId,
    title,
    type: 'text',
    estimatedMinutes: 10,
    position,
    isCompleted,
    completedAt: isCompleted ? '2025-03-02T10:00:00.000Z' : null,
  };
}

function module(id: string, title: string, position: number, lessons: StudentLessonSummary[]): StudentModule {
  const completedLessons = lessons.filter((item) => item.isCompleted).length;
  return {
    id,
    title,
    position,
    progress: lessons.length ? Math.round((completedLessons / lessons.length) * 100) : 0,
    completedLessons,
    totalLessons: lessons.length,
    lessons,
  };
}

/**
 * Two modules of two lessons: 'Les risques' (Repérer, Prévenir) then 'Les gestes' (Alerter,
 * Secourir). `completed` lists the lessons already done.
 */
export function buildCourseDetail(
  completed: string[] = [],
  overrides: Partial<StudentCourseDetail> = {},
): StudentCourseDetail {
  const done = (id: string) => completed.includes(id);
  const modules = [
    module(MODULE_1, 'Les risques', 0, [
      lesson(LESSON_1, MODULE_1, 'Repérer les dangers', 0, done(LESSON_1)),
      lesson(LESSON_2, MODULE_1, 'Prévenir les accidents', 1, done(LESSON_2)),
    ]),
    module(MODULE_2, 'Les gestes', 1, [
      lesson(LESSON_3, MODULE_2, 'Alerter les secours', 0, done(LESSON_3)),
      lesson(LESSON_4, MODULE_2, 'Secourir', 1, done(LESSON_4)),
    ]),
  ];
  const completedLessons = completed.length;
  const next = modules.flatMap((item) => item.lessons).find((item) => !item.isCompleted);
  return {
    ...buildStudentCourse({ completedLessons, progress: completedLessons * 25 }),
    objectives: 'Identifier les risques principaux.',
    prerequisites: '',
    audience: 'Salariés du BTP',
    teachingMethods: 'Vidéos et mises en situation',
    assessmentMethods: 'Quiz final',
    accessibility: 'Contactez le référent handicap.',
    modules,
    nextLesson: next ? { lessonId: next.id, moduleId: next.moduleId } : null,
    ...overrides,
  };
}

export function buildLesson(overrides: Partial<StudentLesson> = {}): StudentLesson {
  return {
    id: LESSON_2,
    courseId: COURSE_ID,
    courseTitle: 'Sécurité au travail',
    moduleId: MODULE_1,
    moduleTitle: 'Les risques',
    title: 'Prévenir les accidents',
    type: 'text',
    estimatedMinutes: 15,
    content: { type: 'text', html: '<p>Portez vos équipements.</p>' },
    isCompleted: false,
    completedAt: null,
    previousLesson: { lessonId: LESSON_1, moduleId: MODULE_1 },
    nextLesson: { lessonId: LESSON_3, moduleId: MODULE_2 },
    ...overrides,
  };
}

export function buildProgression(overrides: Partial<Progression> = {}): Progression {
  return {
    summary: { courseCount: 1, completedCourseCount: 0, completedLessonCount: 3, averageProgress: 75 },
    courses: [
      {
        courseId: COURSE_ID,
        title: 'Sécurité au travail',
        isLocked: false,
        progress: 75,
        completedLessons: 3,
        totalLessons: 4,
        modules: [
          { moduleId: MODULE_1, title: 'Les risques', progress: 100, completedLessons: 2, totalLessons: 2 },
          { moduleId: MODULE_2, title: 'Les gestes', progress: 50, completedLessons: 1, totalLessons: 2 },
        ],
      },
    ],
    recentCompletions: [
      {
        lessonId: LESSON_3,
        lessonTitle: 'Alerter les secours',
        moduleId: MODULE_2,
        courseId: COURSE_ID,
        courseTitle: 'Sécurité au travail',
        completedAt: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
      },
    ],
    ...overrides,
  };
}
