import type { AssistantSpace } from '@cursus/contracts';
import { fold } from './knowledge.ts';

/**
 * What a message asks for, in either language, before any search: the learner's own records
 * (progress, formations, group sessions, questions), the organisation's figures or Qualiopi gaps
 * for its staff, a greeting, or else a search of the help texts.
 */
export type Intent =
  | 'progress'
  | 'courses'
  | 'sessions'
  | 'questions'
  | 'figures'
  | 'compliance'
  | 'greeting'
  | 'search';

/** Patterns run on the folded message (lower case, no accents); the first intent that matches wins. */
const PATTERNS: Record<AssistantSpace, readonly (readonly [Intent, RegExp])[]> = {
  student_space: [
    [
      'progress',
      /\bou en suis[- ]?je\b|\bprogress|\bavancement\b|\bwhere am i\b|\bhow far\b|\bmes progres\b/,
    ],
    ['sessions', /\bsessions?\b|\bclasses? virtuelles?\b|\bvisio|\bwebinaire|\bwebinar|\bmeetings?\b/],
    [
      'questions',
      /\bmes questions\b|\bmy questions\b|\b(reponses?|answers?) (de|du|from) (mon |my )?(formateur|trainer)/,
    ],
    ['courses', /\bmes formations\b|\bmy (courses|formations)\b|\bquelles formations\b|\bwhich courses\b/],
  ],
  organization_space: [
    [
      'compliance',
      /\bqualiopi\b|\bconformite\b|\bcompliance\b|\bindicat(eur|or)s?\b|\baudit\b|\bpreuves?\b|\bevidence\b/,
    ],
    [
      'figures',
      /\bchiffres?\b|\bstatistiques?\b|\bstats?\b|\bfigures?\b|\btableau de bord\b|\bdashboard\b|\bcombien\b|\bhow many\b|\bactifs?\b|\bactive\b|\bachevement\b|\bcompletion\b/,
    ],
  ],
};

const GREETING = /^(bonjour|bonsoir|salut|coucou|hello|hi|hey|good (morning|afternoon|evening))\b[\s!.,]*$/;

export function detectIntent(message: string, space: AssistantSpace): Intent {
  const folded = fold(message).trim();
  if (GREETING.test(folded)) return 'greeting';
  for (const [intent, pattern] of PATTERNS[space]) if (pattern.test(folded)) return intent;
  return 'search';
}
