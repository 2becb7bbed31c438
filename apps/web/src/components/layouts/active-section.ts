import { ROUTE_ALIASES, ROUTES, type SectionId } from '@/config/paths';

interface SectionPattern {
  segments: string[];
  /** null for a page of no section: it still outranks a parameter ('/trainer/help' is no trainer). */
  section: SectionId | null;
}

function toSegments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Every page of the table, former addresses included (each lights up its target's section). */
const SECTION_PATTERNS: SectionPattern[] = [
  ...ROUTES.map((route) => ({ segments: toSegments(route.path), section: route.section ?? null })),
  ...Object.values(ROUTE_ALIASES)
    .flat()
    .flatMap(([from, to]) => {
      const section = ROUTES.find((route) => route.path === to)?.section;
      return section ? [{ segments: toSegments(from), section }] : [];
    }),
];

/**
 * How well a pattern matches, like the router's ranking: a fixed segment beats a parameter, so
 * '/trainer/quizzes' wins over '/trainer/:trainerId'; null when it does not match.
 */
function scoreMatch(pattern: string[], segments: string[]): number | null {
  if (pattern.length !== segments.length) return null;
  let score = 0;
  for (const [index, part] of pattern.entries()) {
    if (part.startsWith(':')) score += 1;
    else if (part === segments[index]) score += 2;
    else return null;
  }
  return score;
}

/** SPEC 2: the sidebar's active item derived from the path, ids included; null when none applies. */
export function getActiveSection(pathname: string): SectionId | null {
  const segments = toSegments(pathname.split(/[?#]/)[0]!);
  let best: { score: number; section: SectionId | null } | null = null;
  for (const pattern of SECTION_PATTERNS) {
    const score = scoreMatch(pattern.segments, segments);
    if (score !== null && (!best || score > best.score)) best = { score, section: pattern.section };
  }
  return best?.section ?? null;
}
