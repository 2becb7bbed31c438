import type { QuizDetail } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, newQuestion } from './quiz-form';

describe('quiz form', () => {
  it('turns a filled draft into the request the API expects: numbers, null for empty limits, one accepted answer a line', () => {
    const draft = draftOf(null);
    draft.title = 'Quiz : formules';
    draft.passingScore = '60';
    draft.timeLimitMinutes = '';
    draft.maxAttempts = '2';
    draft.questions = [
      {
        ...newQuestion('single_choice'),
        text: 'Premier caractère ?',
        options: [
          { id: 'a', text: '=', isCorrect: true },
          { id: 'b', text: '+', isCorrect: false },
        ],
      },
      { ...newQuestion('short_answer'), text: 'Fonction conditionnelle ?', acceptedAnswers: 'SI\n  IF \n\n' },
    ];
    const checked = checkDraft(draft);
    expect(checked.errors).toBeNull();
    expect(checked.data).toMatchObject({
      title: 'Quiz : formules',
      passingScore: 60,
      timeLimitMinutes: null,
      maxAttempts: 2,
      courseId: null,
      moduleId: null,
      questions: [
        { type: 'single_choice', points: 1 },
        { type: 'short_answer', acceptedAnswers: ['SI', 'IF'] },
      ],
    });
  });

  it('names the field of each problem, with the contract codes for question rules', () => {
    const draft = draftOf(null);
    draft.questions = [
      {
        ...newQuestion('single_choice'),
        text: 'Sans bonne réponse ?',
        options: [
          { id: 'a', text: 'x', isCorrect: false },
          { id: 'b', text: 'y', isCorrect: false },
        ],
      },
    ];
    const checked = checkDraft(draft);
    expect(checked.data).toBeNull();
    expect(checked.errors).toMatchObject({ 'questions.0.options': 'ONE_CORRECT_OPTION' });
    expect(Object.keys(checked.errors ?? {})).toContain('title');
  });

  it('starts a true/false question with its two fixed options and edits a saved quiz with its bank ids', () => {
    expect(newQuestion('true_false').options.map((option) => option.id)).toEqual(['true', 'false']);
    const quiz = {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Q',
      description: '',
      passingScore: 70,
      isActive: true,
      dueAt: null,
      timeLimitMinutes: 5,
      courseId: null,
      moduleId: null,
      maxAttempts: null,
      shuffleQuestions: false,
      shuffleOptions: true,
      showCorrectAnswers: true,
      questions: [
        {
          id: '00000000-0000-4000-8000-000000000002',
          type: 'short_answer',
          text: 'T ?',
          options: [],
          acceptedAnswers: ['a', 'b'],
          explanation: '',
          points: 2,
          categoryId: null,
          categoryName: null,
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      draws: [],
    } as unknown as QuizDetail;
    const draft = draftOf(quiz);
    expect(draft).toMatchObject({ timeLimitMinutes: '5', shuffleOptions: true });
    expect(draft.questions[0]).toMatchObject({
      id: quiz.questions[0]!.id,
      acceptedAnswers: 'a\nb',
      points: '2',
    });
    expect(checkDraft(draft).data?.questions?.[0]).toMatchObject({ id: quiz.questions[0]!.id });
    expect(checkDraft(draft).data?.groupSessionId).toBeNull();
  });

  it('keeps the group session a quiz is attached to, with its title for the picker', () => {
    const sessionId = '00000000-0000-4000-8000-000000000009';
    const draft = draftOf({
      ...draftQuiz(),
      groupSessionId: sessionId,
      groupSessionTitle: 'Atelier tableaux croisés',
    } as unknown as QuizDetail);
    expect(draft).toMatchObject({ groupSessionId: sessionId, groupSessionTitle: 'Atelier tableaux croisés' });
    expect(checkDraft(draft).data).toMatchObject({ groupSessionId: sessionId, courseId: null });
  });
});

function draftQuiz() {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Quiz de fin d’atelier',
    description: '',
    passingScore: 70,
    isActive: true,
    dueAt: null,
    timeLimitMinutes: null,
    courseId: null,
    moduleId: null,
    maxAttempts: null,
    shuffleQuestions: false,
    shuffleOptions: false,
    showCorrectAnswers: true,
    questions: [
      {
        id: '00000000-0000-4000-8000-000000000002',
        type: 'short_answer',
        text: 'T ?',
        options: [],
        acceptedAnswers: ['a'],
        explanation: '',
        points: 1,
        categoryId: null,
        categoryName: null,
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    draws: [],
  };
}
