import type { FormationCopy } from './formation-copy.ts';

/** How text lessons cite stored files (sanitize-lesson-html.ts keeps only such images). */
const FILE_URL = /\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;
export const LESSON_IMAGE_TAG = /<img\b[^>]*>/gi;

/** Ids of the stored files a text lesson's HTML shows (its images). */
export function fileIdsInLessonHtml(html: string): string[] {
  return [...html.matchAll(FILE_URL)].map((match) => match[1]!.toLowerCase());
}

/** Ids of the stored files a formation's lessons use: uploads, and images of text lessons. */
export function fileIdsOfFormation(formation: FormationCopy): string[] {
  const ids = new Set<string>();
  for (const lesson of formation.modules.flatMap((module) => module.lessons)) {
    if (lesson.fileId) ids.add(lesson.fileId);
    if (lesson.content.type === 'text')
      for (const id of fileIdsInLessonHtml(lesson.content.html)) ids.add(id);
  }
  return [...ids];
}

/** The HTML with each cited file renamed to its copy; images of files that were not copied go. */
export function renameLessonFiles(html: string, idOf: Map<string, string>): string {
  return html
    .replace(LESSON_IMAGE_TAG, (tag) => {
      const cited = [...tag.matchAll(FILE_URL)].map((match) => match[1]!.toLowerCase());
      return cited.every((ref) => idOf.has(ref)) ? tag : '';
    })
    .replace(FILE_URL, (_url, ref: string) => `/api/files/${idOf.get(ref.toLowerCase()) ?? ref}`);
}
