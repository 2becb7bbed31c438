/**
 * issue 12: translation namespaces that always load together, one chunk per language and set rather
 * than one per namespace (vite.config.ts). On Lighthouse's simulated phone link (HTTP/1.1, six
 * requests at a time, 150 ms round trips) a file of a few KB costs a round trip whatever its size.
 * - start: what every screen starts with (lib/i18n.ts START_NAMESPACES), with `auth`, which the
 *   sign-in screen and every space's guard read;
 * - frame: what the signed-in frame reads around every page (app/lazy-route.tsx);
 * - learner: what a learner's first screen, Mon Suivi, reads beyond them, with what every learner's
 *   frame loads as it first renders (`offline`); other learner pages read most of it too.
 * locale-sets.test.ts holds each to the app's lists. A namespace in no set is a chunk of its own.
 */
export const LOCALE_SETS = {
  start: ['common', 'errors', 'auth'],
  frame: ['navigation', 'help', 'notifications', 'timeTracking'],
  learner: ['dashboard', 'learning', 'quizzes', 'evaluations', 'offline'],
} as const;

/** src/locales/en/time-tracking.json: its language and its file's name. */
const LOCALE_FILE = /\/locales\/(\w+)\/([\w-]+)\.json$/;

/** A namespace's file name: `timeTracking` is time-tracking.json (lib/i18n.ts). */
function fileName(namespace: string): string {
  return namespace.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

const SET_OF_FILE = new Map(
  Object.entries(LOCALE_SETS).flatMap(([set, namespaces]) =>
    namespaces.map((namespace) => [fileName(namespace), set] as const),
  ),
);

/** The chunk a locale file goes in (`locale-en-frame`), or null for a file loaded on its own. */
export function localeSetChunk(moduleId: string): string | null {
  const [, language, file = ''] = LOCALE_FILE.exec(moduleId) ?? [];
  const set = SET_OF_FILE.get(file);
  return language && set ? `locale-${language}-${set}` : null;
}
