import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AssistantSource, LANGUAGES, type Language } from '@cursus/contracts';
import MiniSearch from 'minisearch';

/** Who a passage is written for: a learner, the organisation's staff, or anyone. */
export type Audience = 'student' | 'staff' | 'all';

export interface Passage {
  id: string;
  title: string;
  text: string;
  audience: Audience;
  /** The in-app page that shows it: the answer's source. */
  page: AssistantSource;
}

/**
 * The FAQ, the help centre's tutorials and the knowledge base's guides are the web app's texts
 * (its locale files, which translators keep): read here as data at start-up, never imported as
 * code, so the help pages and the assistant cannot drift apart (docs/assistant.md).
 */
const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src/locales');

type QuestionAnswer = { question: string; answer: string };
type Steps = { title: string; steps: string[] };
interface HelpTexts {
  centre: { title: string };
  faq: Record<'staff' | 'student', Record<string, QuestionAnswer>>;
  tutorials: Record<string, Steps | string>;
}
interface LegalTexts {
  knowledgeBase: { title: string; guides: Record<'learner' | 'trainer', Record<string, Steps>> };
}

function readJson<T>(dir: string, language: Language, namespace: string): T {
  return JSON.parse(readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')) as T;
}

/** Every passage of one language, each with the page that shows it. */
export function readPassages(language: Language, dir = LOCALES_DIR): Passage[] {
  const help = readJson<HelpTexts>(dir, language, 'help');
  const legal = readJson<LegalTexts>(dir, language, 'legal');
  const helpCentre = { title: help.centre.title, href: '/trainer/help' };
  const knowledgeBase = { title: legal.knowledgeBase.title, href: '/knowledge-base' };
  const faq = (audience: 'staff' | 'student') =>
    Object.entries(help.faq[audience]).map(([key, entry]) => ({
      id: `faq.${audience}.${key}`,
      title: entry.question,
      text: entry.answer,
      // Learners have the FAQ in a dialog, not a page: their guides' page stands for it.
      page: audience === 'staff' ? helpCentre : knowledgeBase,
      audience,
    }));
  const tutorials = Object.entries(help.tutorials).flatMap(([key, entry]) =>
    typeof entry === 'string'
      ? []
      : [
          {
            id: `tutorial.${key}`,
            title: entry.title,
            text: entry.steps.join(' '),
            page: helpCentre,
            audience: 'staff' as const,
          },
        ],
  );
  const guides = (group: 'learner' | 'trainer', audience: Audience) =>
    Object.entries(legal.knowledgeBase.guides[group]).map(([key, guide]) => ({
      id: `guide.${group}.${key}`,
      title: guide.title,
      text: guide.steps.join(' '),
      page: knowledgeBase,
      audience,
    }));
  return [
    ...faq('student'),
    ...faq('staff'),
    ...tutorials,
    // The public guides help anyone; each still ranks first for its own side.
    ...guides('learner', 'student'),
    ...guides('trainer', 'staff'),
  ];
}

/** Lower case, accents off: 'Où' and 'ou', 'Progrès' and 'progres' meet. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Words too common to tell passages apart, in both languages. */
const STOP_WORDS = new Set(
  (
    'le la les un une des de du d l et ou a au aux en dans sur pour par avec est sont je j tu il elle ' +
    'nous vous ils me mon ma mes ton ta tes son sa ses qui que quoi comment ce cet cette ces ne pas ' +
    'the a an and or of to in on for with is are i my me you your how what where do does can it this'
  ).split(' '),
);

export function tokenize(value: string): string[] {
  return fold(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

/** A full-text index over passages: fuzzy and prefix matches, titles weigh twice as much. */
export function createPassageIndex(passages: readonly Passage[]) {
  const index = new MiniSearch<Passage>({
    fields: ['title', 'text'],
    storeFields: ['id'],
    tokenize,
    processTerm: (term) => term,
    searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });
  index.addAll(passages);
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  return {
    /** The best passages for `query`, those for the other side left out. */
    search(query: string, audience: Exclude<Audience, 'all'>, limit = 3): Passage[] {
      if (tokenize(query).length === 0) return [];
      return index
        .search(query, {
          filter: (result) => ['all', audience].includes(byId.get(result.id)?.audience ?? ''),
        })
        .slice(0, limit)
        .flatMap((result) => byId.get(result.id) ?? []);
    },
  };
}
export type PassageIndex = ReturnType<typeof createPassageIndex>;

/** One index per language, built once at start-up. */
export function createKnowledge(dir?: string): Record<Language, PassageIndex> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, createPassageIndex(readPassages(language, dir))]),
  ) as Record<Language, PassageIndex>;
}
export type Knowledge = ReturnType<typeof createKnowledge>;
