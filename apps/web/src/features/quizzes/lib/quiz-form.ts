import {
  DEFAULT_PASSING_SCORE,
  type Question,
  type QuestionInput,
  QuestionInputSchema,
  type QuestionType,
  type QuizDetail,
  type QuizInput,
  QuizInputSchema,
  TRUE_FALSE_OPTION_IDS,
} from '@cursus/contracts';
import { zodFormOptions } from '@/lib/form-errors';

/** A question as the editor holds it: accepted answers as one text, one per line. */
export interface QuestionDraft {
  /** The bank question's id once saved; a local key before. */
  id: string | null;
  key: string;
  type: QuestionType;
  text: string;
  points: string;
  options: { id: string; text: string; isCorrect: boolean }[];
  acceptedAnswers: string;
  explanation: string;
  categoryId: string;
}

export interface QuizDraft {
  title: string;
  description: string;
  passingScore: string;
  timeLimitMinutes: string;
  maxAttempts: string;
  dueAt: string;
  courseId: string;
  moduleId: string;
  /** The group session it is attached to ('' for none), with its title to show while not searched. */
  groupSessionId: string;
  groupSessionTitle: string;
  isActive: boolean;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  showCorrectAnswers: boolean;
  questions: QuestionDraft[];
  draws: { key: string; categoryId: string; questionCount: string }[];
}

let keySequence = 0;
export const newKey = () => {
  keySequence += 1;
  return `draft-${keySequence}`;
};

/** Option ids are letters: stable, short, and what an import names them too. */
export const optionLetter = (index: number) => String.fromCharCode(97 + index);

export function emptyOptions(type: QuestionType): QuestionDraft['options'] {
  if (type === 'true_false')
    return TRUE_FALSE_OPTION_IDS.map((id) => ({ id, text: id, isCorrect: id === 'true' }));
  if (type === 'short_answer') return [];
  return [0, 1].map((index) => ({ id: optionLetter(index), text: '', isCorrect: index === 0 }));
}

export function newQuestion(type: QuestionType = 'single_choice'): QuestionDraft {
  return {
    id: null,
    key: newKey(),
    type,
    text: '',
    points: '1',
    options: emptyOptions(type),
    acceptedAnswers: '',
    explanation: '',
    categoryId: '',
  };
}

/** `datetime-local` wants the local wall time, without zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function draftOf(quiz: QuizDetail | null): QuizDraft {
  if (!quiz)
    return {
      title: '',
      description: '',
      passingScore: String(DEFAULT_PASSING_SCORE),
      timeLimitMinutes: '',
      maxAttempts: '',
      dueAt: '',
      courseId: '',
      moduleId: '',
      groupSessionId: '',
      groupSessionTitle: '',
      isActive: true,
      shuffleQuestions: false,
      shuffleOptions: false,
      showCorrectAnswers: true,
      questions: [newQuestion()],
      draws: [],
    };
  return {
    title: quiz.title,
    description: quiz.description,
    passingScore: String(quiz.passingScore),
    timeLimitMinutes: quiz.timeLimitMinutes ? String(quiz.timeLimitMinutes) : '',
    maxAttempts: quiz.maxAttempts ? String(quiz.maxAttempts) : '',
    dueAt: toLocalInput(quiz.dueAt),
    courseId: quiz.courseId ?? '',
    moduleId: quiz.moduleId ?? '',
    groupSessionId: quiz.groupSessionId ?? '',
    groupSessionTitle: quiz.groupSessionTitle ?? '',
    isActive: quiz.isActive,
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    showCorrectAnswers: quiz.showCorrectAnswers,
    questions: quiz.questions.map(questionDraftOf),
    draws: quiz.draws.map((draw) => ({
      key: newKey(),
      categoryId: draw.categoryId,
      questionCount: String(draw.questionCount),
    })),
  };
}

/** A bank question in the editor's shape. */
export function questionDraftOf(question: Question): QuestionDraft {
  return {
    id: question.id,
    key: question.id,
    type: question.type,
    text: question.text,
    points: String(question.points),
    options: question.options,
    acceptedAnswers: question.acceptedAnswers.join('\n'),
    explanation: question.explanation,
    categoryId: question.categoryId ?? '',
  };
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function questionInputOf(question: QuestionDraft) {
  return {
    type: question.type,
    text: question.text,
    points: Number(question.points),
    options: question.options,
    acceptedAnswers: question.acceptedAnswers
      .split('\n')
      .map((answer) => answer.trim())
      .filter(Boolean),
    explanation: question.explanation,
    categoryId: question.categoryId || null,
  };
}

/** One bank question, checked like `checkDraft`; its errors are keyed `question.<field>`. */
export function checkQuestionDraft(
  question: QuestionDraft,
): { data: QuestionInput; errors: null } | { data: null; errors: Record<string, string> } {
  const input = questionInputOf(question);
  const result = QuestionInputSchema.safeParse(input, zodFormOptions);
  if (result.success) return { data: input, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[['question', ...issue.path].join('.')] ??= issue.message;
  return { data: null, errors };
}

/** The request body, checked with the contract: the parsed input, or each problem by field path. */
export function checkDraft(
  draft: QuizDraft,
): { data: QuizInput; errors: null } | { data: null; errors: Record<string, string> } {
  const input = {
    title: draft.title,
    description: draft.description,
    passingScore: Number(draft.passingScore),
    timeLimitMinutes: numberOrNull(draft.timeLimitMinutes),
    maxAttempts: numberOrNull(draft.maxAttempts),
    dueAt: draft.dueAt ? new Date(draft.dueAt).toISOString() : null,
    courseId: draft.courseId || null,
    moduleId: draft.courseId && draft.moduleId ? draft.moduleId : null,
    groupSessionId: draft.groupSessionId || null,
    isActive: draft.isActive,
    shuffleQuestions: draft.shuffleQuestions,
    shuffleOptions: draft.shuffleOptions,
    showCorrectAnswers: draft.showCorrectAnswers,
    questions: draft.questions.map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      ...questionInputOf(question),
    })),
    draws: draft.draws.map((draw) => ({
      categoryId: draw.categoryId,
      questionCount: Number(draw.questionCount),
    })),
  };
  const result = QuizInputSchema.safeParse(input, zodFormOptions);
  if (result.success) return { data: input, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { data: null, errors };
}
