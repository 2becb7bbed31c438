import { describe, expect, it } from 'vitest';
import { detectIntent } from './intents.ts';
import { createPassageIndex, readPassages, tokenize } from './knowledge.ts';

describe('what a message asks for (issue 18)', () => {
  it.each([
    ['où en suis-je ?', 'progress'],
    ['Ou en suis je', 'progress'],
    ['OÙ EN SUIS-JE', 'progress'],
    ['Where am I?', 'progress'],
    ['Quelle est ma progression ?', 'progress'],
    ['my progress please', 'progress'],
    ['Quand est ma prochaine session ?', 'sessions'],
    ['any meeting planned?', 'sessions'],
    ['Mes questions ont-elles une réponse ?', 'questions'],
    ['Quelles formations ai-je ?', 'courses'],
    ['my courses', 'courses'],
    ['Bonjour !', 'greeting'],
    ['hello', 'greeting'],
    ['Bonjour, comment signer ?', 'search'],
    ['Comment changer mon mot de passe ?', 'search'],
  ] as const)('learner: %s -> %s', (message, intent) => {
    expect(detectIntent(message, 'student_space')).toBe(intent);
  });

  it.each([
    ['Quels sont mes chiffres ?', 'figures'],
    ['Combien d’apprenants actifs ?', 'figures'],
    ['show me the dashboard', 'figures'],
    ['Où en est ma conformité Qualiopi ?', 'compliance'],
    ['Which indicators lack evidence?', 'compliance'],
    ['salut', 'greeting'],
    ['Comment créer une formation ?', 'search'],
    // A learner's words mean nothing special to the organisation's assistant.
    ['où en suis-je ?', 'search'],
  ] as const)('staff: %s -> %s', (message, intent) => {
    expect(detectIntent(message, 'organization_space')).toBe(intent);
  });
});

describe('the help passages (issue 18)', () => {
  it('reads every FAQ entry, tutorial and guide of both languages from the web texts, with its page', () => {
    for (const language of ['fr', 'en'] as const) {
      const passages = readPassages(language);
      expect(passages.filter((passage) => passage.id.startsWith('faq.student.')).length).toBeGreaterThan(3);
      expect(passages.some((passage) => passage.id.startsWith('tutorial.'))).toBe(true);
      expect(passages.some((passage) => passage.id.startsWith('guide.trainer.'))).toBe(true);
      expect(new Set(passages.map((passage) => passage.page.href))).toEqual(
        new Set(['/knowledge-base', '/trainer/help']),
      );
      for (const passage of passages) expect(passage.title && passage.text).toBeTruthy();
    }
  });

  it('folds accents and drops common words', () => {
    expect(tokenize("Où signer l'émargement ?")).toEqual(['signer', 'emargement']);
  });

  it("finds a passage by its words despite accents and typos, and keeps each side's to its side", () => {
    const index = createPassageIndex(readPassages('fr'));
    const [first] = index.search('comment signer mes emargements', 'student');
    expect(first?.id).toBe('faq.student.signatures');
    expect(index.search('rattacher un apprenant', 'staff')[0]?.audience).toBe('staff');
    expect(
      index.search('rattacher un apprenant', 'student').every((passage) => passage.audience !== 'staff'),
    ).toBe(true);
    expect(index.search('?!', 'student')).toEqual([]);
  });
});
