import type {
  Course,
  CourseDetail,
  CourseModule,
  Enrollment,
  EnrollmentCandidate,
  LessonSummary,
} from '@cursus/contracts';

/** Test data shaped like the API's answers (valid UUIDs and ISO dates, so the contracts parse them). */

let sequence = 0;

/** A valid, readable UUID: the last block counts up. */
export function testId(): string {
  sequence += 1;
  return `3f0e8a52-8f7e-4d38-9a57-${String(sequence).padStart(12, '0')}`;
}

export const TEST_ORGANIZATION_ID = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';

export function buildCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: testId(),
    organizationId: TEST_ORGANIZATION_ID,
    organizationName: 'Formations Lumière',
    title: 'Sécurité au travail',
    category: 'Formation',
    description: '',
    objectives: '',
    prerequisites: '',
    audience: '',
    durationHours: null,
    modality: null,
    teachingMethods: '',
    assessmentMethods: '',
    accessibility: '',
    priceCents: null,
    startsOn: null,
    endsOn: null,
    status: 'draft',
    isLocked: false,
    isArchived: false,
    archivedAt: null,
    createdAt: '2025-03-10T09:00:00.000Z',
    updatedAt: '2025-03-12T10:00:00.000Z',
    moduleCount: 0,
    lessonCount: 0,
    enrollmentCount: 0,
    ...overrides,
  };
}

export function buildLesson(
  courseId: string,
  moduleId: string,
  overrides: Partial<LessonSummary> = {},
): LessonSummary {
  return {
    id: testId(),
    courseId,
    moduleId,
    title: 'Leçon',
    type: 'text',
    estimatedMinutes: 10,
    position: 0,
    ...overrides,
  };
}

/** A formation with modules of the given lesson titles, positions in order. */
export function buildCourseDetail(
  outline: Record<string, string[]>,
  overrides: Partial<Course> = {},
): CourseDetail {
  const course = buildCourse(overrides);
  const modules: CourseModule[] = Object.entries(outline).map(([title, lessonTitles], position) => {
    const moduleId = testId();
    return {
      id: moduleId,
      courseId: course.id,
      title,
      position,
      lessons: lessonTitles.map((lessonTitle, lessonPosition) =>
        buildLesson(course.id, moduleId, { title: lessonTitle, position: lessonPosition }),
      ),
    };
  });
  return {
    ...course,
    moduleCount: modules.length,
    lessonCount: modules.reduce((total, module) => total + module.lessons.length, 0),
    modules,
  };
}

export function buildEnrollment(overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    studentId: 'student-1',
    fullName: 'Léa Martin',
    email: 'lea.martin@example.org',
    progress: 50,
    completedLessons: 2,
    totalLessons: 4,
    enrolledAt: '2025-03-01T09:00:00.000Z',
    lastCompletedAt: null,
    ...overrides,
  };
}

export function buildCandidate(overrides: Partial<EnrollmentCandidate> = {}): EnrollmentCandidate {
  return {
    id: 'student-1',
    fullName: 'Léa Martin',
    email: 'lea.martin@example.org',
    isEnrolled: false,
    ...overrides,
  };
}

export function page<T>(items: T[], overrides: { total?: number; page?: number; pageSize?: number } = {}) {
  return {
    items,
    total: overrides.total ?? items.length,
    page: overrides.page ?? 1,
    pageSize: overrides.pageSize ?? 20,
  };
}
