import type { OfflinePackage, StudentCourseDetail, StudentLesson } from '@cursus/contracts';
import { downloadFormation } from '../lib/download-formation';
import type { OfflineFormationsStore } from '../lib/offline-store';

/** A valid UUID that reads well in a test: uuid(7) ends in …0007. */
export function uuid(index: number): string {
  return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

export const USER_ID = uuid(1);
export const OTHER_USER_ID = uuid(2);
export const COURSE_ID = uuid(100);
export const MODULE_ID = uuid(200);
export const TEXT_LESSON = uuid(301);
export const PDF_LESSON = uuid(302);
export const PDF_FILE = uuid(401);
export const IMAGE_FILE = uuid(402);

/** A formation of two lessons, a text with an image and a PDF, none completed, no quiz. */
export function buildOfflinePackage(overrides: Partial<OfflinePackage> = {}): OfflinePackage {
  const summary = (id: string, title: string, position: number, type: 'text' | 'document') => ({
    id,
    moduleId: MODULE_ID,
    title,
    type,
    estimatedMinutes: 10,
    position,
    isCompleted: false,
    completedAt: null,
  });
  const course: StudentCourseDetail = {
    id: COURSE_ID,
    title: 'Gestes de premiers secours',
    description: 'Alerter, protéger, secourir.',
    category: 'Formation',
    organizationName: 'Formations Lumière',
    durationHours: 7,
    modality: 'distance',
    isLocked: false,
    progress: 0,
    completedLessons: 0,
    totalLessons: 2,
    enrolledAt: '2026-03-01T09:00:00.000Z',
    lastActivityAt: null,
    objectives: '',
    prerequisites: '',
    audience: '',
    teachingMethods: '',
    assessmentMethods: '',
    accessibility: '',
    modules: [
      {
        id: MODULE_ID,
        title: 'Alerter',
        position: 0,
        progress: 0,
        completedLessons: 0,
        totalLessons: 2,
        lessons: [summary(TEXT_LESSON, 'Lire', 0, 'text'), summary(PDF_LESSON, 'Programme', 1, 'document')],
      },
    ],
    nextLesson: { lessonId: TEXT_LESSON, moduleId: MODULE_ID },
  };
  const shared = {
    courseId: COURSE_ID,
    courseTitle: course.title,
    moduleId: MODULE_ID,
    moduleTitle: 'Alerter',
    estimatedMinutes: 10,
    isCompleted: false,
    completedAt: null,
  };
  const lessons: StudentLesson[] = [
    {
      ...shared,
      id: TEXT_LESSON,
      title: 'Lire',
      type: 'text',
      content: { type: 'text', html: `<p>Texte</p><img src="/api/files/${IMAGE_FILE}" alt="Schéma">` },
      previousLesson: null,
      nextLesson: { lessonId: PDF_LESSON, moduleId: MODULE_ID },
    },
    {
      ...shared,
      id: PDF_LESSON,
      title: 'Programme',
      type: 'document',
      content: {
        type: 'document',
        file: {
          id: PDF_FILE,
          name: 'programme.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 3000,
          url: `/api/files/${PDF_FILE}`,
        },
      },
      previousLesson: { lessonId: TEXT_LESSON, moduleId: MODULE_ID },
      nextLesson: null,
    },
  ];
  return {
    course,
    lessons,
    quizzes: { active: 0, passed: 0 },
    files: [
      {
        id: PDF_FILE,
        name: 'programme.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 3000,
        url: `/api/files/${PDF_FILE}`,
      },
      {
        id: IMAGE_FILE,
        name: 'schema.png',
        mimeType: 'image/png',
        sizeBytes: 1000,
        url: `/api/files/${IMAGE_FILE}`,
      },
    ],
    totalBytes: 4000,
    maxBytes: 50 * 1024 * 1024,
    generatedAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

/** Stands in for the files route: a blob of the declared size. */
export async function fakeFetchFile(
  file: { sizeBytes: number; mimeType: string },
  onBytes: (loaded: number) => void,
) {
  onBytes(file.sizeBytes / 2);
  onBytes(file.sizeBytes);
  return new Blob([new Uint8Array(file.sizeBytes)], { type: file.mimeType });
}

/** The learner has taken the formation offline (its files stood in for by `fakeFetchFile`). */
export function storeFormation(store: OfflineFormationsStore, offlinePackage = buildOfflinePackage()) {
  return downloadFormation({
    userId: USER_ID,
    offlinePackage,
    store,
    fetchFile: fakeFetchFile,
    onProgress: () => {},
  });
}
