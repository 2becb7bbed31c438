/**
 * Scoring of quiz answers: pure functions, no database, shared by learners' quizzes, public quizzes
 * and positioning. The score is always computed here from the questions the server dealt and the
 * answers it saved, never taken from a client.
 *
 * Rules:
 * - single choice and true/false: full points when the one chosen option is the correct one;
 * - multiple choice: full points only when exactly the correct options are chosen (all or nothing,
 *   as Moodle's "all or nothing" type: partial credit would reward ticking everything);
 * - short answer: full points when the text matches one accepted answer, ignoring case, accents,
 *   surrounding spaces, repeated spaces and final punctuation;
 * - percent = round(100 × points / max points), 0 when the quiz is worth 0 points;
 * - passed when percent ≥ the passing score (a percentage, SPEC 3).
 */
import type { QuestionType } from '@cursus/contracts';

export type { QuestionType };

export interface ScorableQuestion {
  id: string;
  type: QuestionType;
  points: number;
  /** Choices with their correctness; empty for a short answer. */
  options: ReadonlyArray<{ id: string; isCorrect: boolean }>;
  /** Accepted texts of a short answer; empty otherwise. */
  acceptedAnswers: readonly string[];
}

/** What a respondent gave: option ids for choice questions, text for a short answer. */
export interface GivenAnswer {
  optionIds?: readonly string[];
  text?: string;
}

export interface QuestionScore {
  questionId: string;
  isCorrect: boolean;
  pointsAwarded: number;
}

export interface QuizScore {
  points: number;
  maxPoints: number;
  /** 0 to 100, rounded. */
  percent: number;
  passed: boolean;
  questions: QuestionScore[];
}

/** Lower case, no accents, single spaces, no final punctuation: how short answers are compared. */
export function normalizeShortAnswer(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?;:,\s]+$/u, '');
}

function isCorrect(question: ScorableQuestion, answer: GivenAnswer | undefined): boolean {
  if (!answer) return false;
  if (question.type === 'short_answer') {
    if (typeof answer.text !== 'string') return false;
    const given = normalizeShortAnswer(answer.text);
    return (
      given !== '' && question.acceptedAnswers.some((accepted) => normalizeShortAnswer(accepted) === given)
    );
  }
  const chosen = new Set(answer.optionIds ?? []);
  const correct = question.options.filter((option) => option.isCorrect).map((option) => option.id);
  if (question.type !== 'multiple_choice' && chosen.size !== 1) return false;
  return chosen.size === correct.length && correct.every((id) => chosen.has(id));
}

/** One question's outcome; an unanswered question scores 0. */
export function scoreQuestion(question: ScorableQuestion, answer: GivenAnswer | undefined): QuestionScore {
  const correct = isCorrect(question, answer);
  return { questionId: question.id, isCorrect: correct, pointsAwarded: correct ? question.points : 0 };
}

/**
 * A whole attempt: `answers` by question id (answers naming unknown questions are ignored), and
 * the quiz's passing score as a percentage.
 */
export function scoreQuiz(
  questions: readonly ScorableQuestion[],
  answers: Readonly<Record<string, GivenAnswer | undefined>>,
  passingScore: number,
): QuizScore {
  const scores = questions.map((question) => scoreQuestion(question, answers[question.id]));
  const points = scores.reduce((sum, score) => sum + score.pointsAwarded, 0);
  const maxPoints = questions.reduce((sum, question) => sum + question.points, 0);
  const percent = maxPoints > 0 ? Math.round((100 * points) / maxPoints) : 0;
  return { points, maxPoints, percent, passed: percent >= passingScore, questions: scores };
}
