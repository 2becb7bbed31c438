import { describe, expect, it } from 'vitest';
import { normalizeShortAnswer, type ScorableQuestion, scoreQuestion, scoreQuiz } from './scoring.ts';

const single: ScorableQuestion = {
  id: 'q1',
  type: 'single_choice',
  points: 2,
  options: [
    { id: 'a', isCorrect: false },
    { id: 'b', isCorrect: true },
  ],
  acceptedAnswers: [],
};
const multiple: ScorableQuestion = {
  id: 'q2',
  type: 'multiple_choice',
  points: 3,
  options: [
    { id: 'a', isCorrect: true },
    { id: 'b', isCorrect: false },
    { id: 'c', isCorrect: true },
  ],
  acceptedAnswers: [],
};
const trueFalse: ScorableQuestion = {
  id: 'q3',
  type: 'true_false',
  points: 1,
  options: [
    { id: 'true', isCorrect: false },
    { id: 'false', isCorrect: true },
  ],
  acceptedAnswers: [],
};
const short: ScorableQuestion = {
  id: 'q4',
  type: 'short_answer',
  points: 4,
  options: [],
  acceptedAnswers: ['Élément de Réponse', 'SI'],
};

describe('scoring', () => {
  it('gives a single choice its points only for the correct option, alone', () => {
    expect(scoreQuestion(single, { optionIds: ['b'] })).toEqual({
      questionId: 'q1',
      isCorrect: true,
      pointsAwarded: 2,
    });
    expect(scoreQuestion(single, { optionIds: ['a'] }).pointsAwarded).toBe(0);
    expect(scoreQuestion(single, { optionIds: ['a', 'b'] }).pointsAwarded).toBe(0);
    expect(scoreQuestion(single, { optionIds: [] }).pointsAwarded).toBe(0);
  });

  it('scores a multiple choice all or nothing: exactly the correct options', () => {
    expect(scoreQuestion(multiple, { optionIds: ['c', 'a'] }).pointsAwarded).toBe(3);
    expect(scoreQuestion(multiple, { optionIds: ['a'] }).pointsAwarded).toBe(0);
    expect(scoreQuestion(multiple, { optionIds: ['a', 'b', 'c'] }).pointsAwarded).toBe(0);
  });

  it('scores true/false like a single choice', () => {
    expect(scoreQuestion(trueFalse, { optionIds: ['false'] }).isCorrect).toBe(true);
    expect(scoreQuestion(trueFalse, { optionIds: ['true'] }).isCorrect).toBe(false);
  });

  it('accepts a short answer whatever its case, accents, spaces and final punctuation', () => {
    expect(scoreQuestion(short, { text: '  element   de reponse. ' }).pointsAwarded).toBe(4);
    expect(scoreQuestion(short, { text: 'si' }).isCorrect).toBe(true);
    expect(scoreQuestion(short, { text: 'SIX' }).isCorrect).toBe(false);
    expect(scoreQuestion(short, { text: '   ' }).isCorrect).toBe(false);
    expect(normalizeShortAnswer('  Ça   Marche !')).toBe('ca marche');
  });

  it('scores an unanswered question and an answer of the wrong kind as wrong', () => {
    expect(scoreQuestion(single, undefined).pointsAwarded).toBe(0);
    expect(scoreQuestion(short, { optionIds: ['a'] }).pointsAwarded).toBe(0);
    expect(scoreQuestion(single, { text: 'b' }).pointsAwarded).toBe(0);
  });

  it('totals points, rounds the percentage and passes at the passing score or above', () => {
    const questions = [single, multiple, trueFalse, short];
    const answers = {
      q1: { optionIds: ['b'] },
      q2: { optionIds: ['a'] },
      q3: { optionIds: ['false'] },
      q4: { text: 'si' },
    };
    const score = scoreQuiz(questions, answers, 70);
    expect(score).toMatchObject({ points: 7, maxPoints: 10, percent: 70, passed: true });
    expect(scoreQuiz(questions, answers, 71).passed).toBe(false);
    expect(scoreQuiz([single, trueFalse], { q1: { optionIds: ['b'] } }, 60).percent).toBe(67);
  });

  it('ignores answers to questions the attempt does not hold, and scores an empty quiz 0', () => {
    expect(scoreQuiz([single], { other: { optionIds: ['b'] } }, 50)).toMatchObject({
      points: 0,
      percent: 0,
      passed: false,
    });
    expect(scoreQuiz([], {}, 0)).toMatchObject({ maxPoints: 0, percent: 0, passed: true });
  });
});
