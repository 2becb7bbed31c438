/** The formation and lesson a question is about, pre-filled from the page the learner is on. */
export interface QuestionContext {
  courseId: string;
  lessonId: string | null;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// SPEC 2 student pages about one formation, and the lesson among them when there is one.
const LESSON_PAGES = [
  new RegExp(`^/formations/(${UUID})/module/${UUID}/lesson/(${UUID})/?$`, 'i'),
  new RegExp(`^/lesson/(${UUID})/(${UUID})/?$`, 'i'),
];
const COURSE_PAGES = [
  new RegExp(`^/formations/(${UUID})/?$`, 'i'),
  new RegExp(`^/course/(${UUID})/?$`, 'i'),
  new RegExp(`^/student/formations/(${UUID})/?$`, 'i'),
];

export function getQuestionContext(pathname: string): QuestionContext | null {
  for (const page of LESSON_PAGES) {
    const match = page.exec(pathname);
    if (match) return { courseId: match[1]!, lessonId: match[2]! };
  }
  for (const page of COURSE_PAGES) {
    const match = page.exec(pathname);
    if (match) return { courseId: match[1]!, lessonId: null };
  }
  return null;
}
