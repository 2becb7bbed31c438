import {
  EVALUATION_TEMPLATES,
  type EvaluationForm,
  type QuestionnaireSummary,
  type QuestionResult,
} from '@cursus/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { questionBars } from './evaluation-results';
import { PublicEvaluation } from './public-evaluation';
import { moveQuestion, newQuestion, toSaveInput } from './questionnaire-builder';
import { parseRecipients, startingValues, TrainerEvaluations } from './trainer-evaluations';

const TOKEN = 'a'.repeat(43);

const FORM: EvaluationForm = {
  invitationId: crypto.randomUUID(),
  title: 'Satisfaction à chaud',
  description: 'Votre avis compte.',
  organizationName: 'Organisme Démo',
  courseTitle: 'Excel : les bases',
  questions: [
    {
      id: 'overall',
      type: 'rating',
      label: 'Globalement, êtes-vous satisfait ?',
      required: true,
      options: [],
    },
    {
      id: 'impact',
      type: 'multiple',
      label: 'Qu’avez-vous gagné ?',
      required: false,
      options: ['Temps', 'Confiance'],
    },
    {
      id: 'recommend',
      type: 'yesno',
      label: 'Recommanderiez-vous la formation ?',
      required: true,
      options: [],
    },
  ],
};

describe('evaluations', () => {
  it('answers a questionnaire by link: required questions first, then typed answers, then thanks', async () => {
    const { calls } = mockApi({
      [`GET /api/public/evaluations/${TOKEN}`]: { body: FORM },
      [`POST /api/public/evaluations/${TOKEN}`]: { body: { ok: true } },
    });
    renderWithProviders(<PublicEvaluation token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Satisfaction à chaud' })).toBeTruthy();
    expect(screen.getByText('Formation : Excel : les bases')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    expect(screen.getByText('2 questions obligatoires attendent votre réponse.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Confiance' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Non' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    expect(await screen.findByRole('heading', { name: 'Merci pour vos réponses\u202f!' })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ answers: { overall: 4, impact: ['Confiance'], recommend: false } });
  });

  it('says when a link was already used', async () => {
    mockApi({
      [`GET /api/public/evaluations/${TOKEN}`]: {
        status: 409,
        body: { error: { code: 'EVALUATION_ALREADY_ANSWERED', message: 'EVALUATION_ALREADY_ANSWERED' } },
      },
    });
    renderWithProviders(<PublicEvaluation token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Questionnaire indisponible' })).toBeTruthy();
    expect(screen.getByText(/le lien ne sert qu’une fois/)).toBeTruthy();
  });

  it('counts each questionnaire’s answers with the plural they take', async () => {
    const questionnaire = (n: number, answered: number, invited: number): QuestionnaireSummary => ({
      id: `6a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e1${n}`,
      title: `Questionnaire ${n}`,
      audience: 'learners',
      kind: 'hot',
      courseId: null,
      courseTitle: null,
      coldDelayWeeks: 0,
      questionCount: 3,
      invited,
      answered,
      archivedAt: null,
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    const items = [questionnaire(1, 0, 2), questionnaire(2, 1, 3), questionnaire(3, 2, 3)];
    mockApi({ 'GET /api/trainer/evaluations': () => ({ body: { items, total: 3, page: 1, pageSize: 20 } }) });
    renderWithProviders(<TrainerEvaluations />);
    // French counts 0 and 1 in the singular.
    expect(await screen.findByText('0 réponse sur 2')).toBeTruthy();
    expect(screen.getByText('1 réponse sur 3')).toBeTruthy();
    expect(screen.getByText('2 réponses sur 3')).toBeTruthy();
  });

  it('starts from the hot and cold templates in the chosen language, or from a blank survey', () => {
    const hot = startingValues('hot', 'en');
    expect(hot).toMatchObject({
      kind: 'hot',
      audience: 'learners',
      title: EVALUATION_TEMPLATES.en[0]!.title,
    });
    expect(startingValues('cold', 'fr')).toMatchObject({
      kind: 'cold',
      coldDelayWeeks: 8,
      title: 'Satisfaction à froid',
    });
    const blank = startingValues('blank', 'fr');
    expect(blank).toMatchObject({ kind: 'survey', title: '' });
    expect(blank.questions).toHaveLength(1);
    // Editing the copy leaves the template alone.
    hot.questions[0]!.label = 'Changed';
    expect(EVALUATION_TEMPLATES.en[0]!.questions[0]!.label).not.toBe('Changed');
  });

  it('reorders questions and sends only the options of choice questions, without blank lines', () => {
    const first = { ...newQuestion('single'), label: 'Choix', options: [' A ', '', 'B'] };
    const second = { ...newQuestion('rating'), label: 'Note' };
    expect(moveQuestion([first, second], 1, -1).map((question) => question.label)).toEqual(['Note', 'Choix']);
    expect(moveQuestion([first, second], 0, -1)).toEqual([first, second]);
    const input = toSaveInput({
      ...startingValues('blank', 'fr'),
      kind: 'hot',
      audience: 'funders',
      questions: [first, { ...second, options: ['stale'] }],
    });
    expect(input.audience).toBe('learners');
    expect(input.questions.map((question) => question.options)).toEqual([['A', 'B'], []]);
    expect(input.courseId).toBeNull();
  });

  it('reads recipients one a line or separated, with an optional name', () => {
    expect(parseRecipients('OPCO <qualite@opco.fr>\nregion@exemple.fr; cfa@exemple.fr,\n\n')).toEqual([
      { name: 'OPCO', email: 'qualite@opco.fr' },
      { name: '', email: 'region@exemple.fr' },
      { name: '', email: 'cfa@exemple.fr' },
    ]);
  });

  it('draws ratings as five bars and choices as their options', () => {
    const base = { id: 'q', label: 'Q', answered: 3, average: null, texts: null };
    const rating: QuestionResult = {
      ...base,
      type: 'rating',
      ratingCounts: [0, 0, 1, 0, 2],
      optionCounts: null,
    };
    expect(questionBars(rating, String)).toEqual([
      { label: '1', count: 0 },
      { label: '2', count: 0 },
      { label: '3', count: 1 },
      { label: '4', count: 0 },
      { label: '5', count: 2 },
    ]);
    const choice: QuestionResult = {
      ...base,
      type: 'single',
      ratingCounts: null,
      optionCounts: [{ option: 'Adapté', count: 3 }],
    };
    expect(questionBars(choice, String)).toEqual([{ label: 'Adapté', count: 3 }]);
  });
});
