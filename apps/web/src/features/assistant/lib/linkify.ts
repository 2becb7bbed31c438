import type { AssistantSpace } from '@cursus/contracts';
import { paths } from '@/config/paths';

export type Segment =
  | { kind: 'text'; text: string }
  /** A web address in the text: opened in a new tab. */
  | { kind: 'url'; text: string; href: string }
  /** A SPEC 5 keyword: the in-app page it names. */
  | { kind: 'route'; text: string; to: string };

/**
 * SPEC 5's keywords (and their English words) and the page each leads to, per space: a learner's
 * 'formations' are their own list, a trainer's the organisation's. A word without a page in that
 * space stays text.
 */
const KEYWORD_ROUTES: Record<AssistantSpace, Record<string, string>> = {
  student_space: {
    formations: paths.student.formations.getHref(),
    cours: paths.student.formations.getHref(),
    courses: paths.student.formations.getHref(),
    'tableau de bord': paths.student.dashboard.getHref(),
    dashboard: paths.student.dashboard.getHref(),
    profil: paths.profile.getHref(),
    profile: paths.profile.getHref(),
    paramètres: paths.profile.getHref(),
    settings: paths.profile.getHref(),
    calendrier: paths.student.groupSessions.getHref(),
    calendar: paths.student.groupSessions.getHref(),
    progression: paths.student.progression.getHref(),
    progress: paths.student.progression.getHref(),
    statistiques: paths.student.progression.getHref(),
    statistics: paths.student.progression.getHref(),
    exercices: paths.student.exercises.getHref(),
    exercises: paths.student.exercises.getHref(),
  },
  organization_space: {
    formations: paths.trainer.courses.getHref(),
    cours: paths.trainer.courses.getHref(),
    courses: paths.trainer.courses.getHref(),
    'tableau de bord': paths.trainer.dashboard.getHref(),
    dashboard: paths.trainer.dashboard.getHref(),
    profil: paths.trainer.profile.getHref(),
    profile: paths.trainer.profile.getHref(),
    paramètres: paths.trainer.settings.getHref(),
    settings: paths.trainer.settings.getHref(),
    calendrier: paths.trainer.planning.getHref(),
    calendar: paths.trainer.planning.getHref(),
    progression: paths.trainer.analytics.getHref(),
    progress: paths.trainer.analytics.getHref(),
    statistiques: paths.trainer.analytics.getHref(),
    statistics: paths.trainer.analytics.getHref(),
    étudiants: paths.trainer.students.getHref(),
    apprenants: paths.trainer.students.getHref(),
    students: paths.trainer.students.getHref(),
    learners: paths.trainer.students.getHref(),
    exercices: paths.trainer.exercises.getHref(),
    exercises: paths.trainer.exercises.getHref(),
  },
};

const URL_PATTERN = String.raw`https?:\/\/[^\s<>"'()[\]]+`;
/** Punctuation that ends a sentence rather than an address: 'voir https://x.fr.' links https://x.fr. */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

function buildPattern(space: AssistantSpace): RegExp {
  // Longest first, so 'tableau de bord' wins over any shorter word it holds.
  const keywords = Object.keys(KEYWORD_ROUTES[space]).sort((a, b) => b.length - a.length);
  return new RegExp(`(${URL_PATTERN})|(?<![\\p{L}\\p{N}])(${keywords.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}
const PATTERNS = {
  student_space: buildPattern('student_space'),
  organization_space: buildPattern('organization_space'),
};

/**
 * SPEC 5: a reply's web addresses become links, and its keywords links to their pages (each page
 * once, at its first mention, so a list of formations is not a wall of links).
 */
export function linkify(text: string, space: AssistantSpace): Segment[] {
  const segments: Segment[] = [];
  const linked = new Set<string>();
  let last = 0;
  const push = (segment: Segment) => {
    const previous = segments.at(-1);
    if (segment.kind === 'text' && previous?.kind === 'text') previous.text += segment.text;
    else if (segment.text) segments.push(segment);
  };
  for (const match of text.matchAll(PATTERNS[space])) {
    const [whole, url, keyword] = match;
    const start = match.index;
    push({ kind: 'text', text: text.slice(last, start) });
    if (url) {
      const href = url.replace(TRAILING_PUNCTUATION, '');
      push({ kind: 'url', text: href, href });
      last = start + href.length;
      continue;
    }
    const to = KEYWORD_ROUTES[space][keyword!.toLowerCase()];
    if (to && !linked.has(to)) {
      linked.add(to);
      push({ kind: 'route', text: whole, to });
    } else push({ kind: 'text', text: whole });
    last = start + whole.length;
  }
  push({ kind: 'text', text: text.slice(last) });
  return segments;
}
