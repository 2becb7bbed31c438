import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courseModules, courses } from '../courses/courses.tables.ts';
import { groupSessions } from '../group-sessions/group-sessions.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import type { QuestionType } from './scoring.ts';

/** A choice of a bank question as stored: its id is stable, so saved answers name it. */
export interface StoredOption {
  id: string;
  text: string;
  isCorrect: boolean;
}

/**
 * A question as an attempt froze it when it was dealt (order and options already shuffled), with
 * what scoring needs. Later edits of the bank leave it as it was.
 */
export interface FrozenQuestion {
  id: string;
  type: QuestionType;
  text: string;
  points: number;
  options: StoredOption[];
  acceptedAnswers: string[];
  explanation: string;
}

/** A learner's answer to one question: the chosen options, or the typed text for a short answer. */
export interface StoredAnswer {
  optionIds?: string[];
  text?: string;
}

/** The bank's folders: a trainer files questions by theme and draws at random from one. Tenant table (0010). */
export const quizCategories = pgTable(
  'quiz_categories',
  {
    ...tenantColumns(() => organizations.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('quiz_categories_organization_id_name_idx').on(table.organizationId, table.name)],
);

/** The organisation's question bank; quizzes pick from it. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    ...tenantColumns(() => organizations.id),
    categoryId: uuid('category_id').references(() => quizCategories.id, { onDelete: 'set null' }),
    type: text('type').$type<QuestionType>().notNull(),
    text: text('text').notNull(),
    options: jsonb('options').$type<StoredOption[]>().notNull().default([]),
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default([]),
    explanation: text('explanation').notNull().default(''),
    points: integer('points').notNull().default(1),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quiz_questions_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
    index('quiz_questions_category_id_idx').on(table.categoryId),
    check(
      'quiz_questions_type_check',
      sql`${table.type} in ('single_choice', 'multiple_choice', 'true_false', 'short_answer')`,
    ),
    check('quiz_questions_points_check', sql`${table.points} between 0 and 100`),
  ],
);

/**
 * SPEC 3 "Quiz": passing score is a percentage; a quiz reaches learners through its formation, or
 * through the group session it is attached to (its invited learners, once the session has started).
 */
export const quizzes = pgTable(
  'quizzes',
  {
    ...tenantColumns(() => organizations.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    passingScore: integer('passing_score').notNull().default(70),
    isActive: boolean('is_active').notNull().default(true),
    dueAt: timestamp('due_at', { withTimezone: true }),
    timeLimitMinutes: integer('time_limit_minutes'),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    moduleId: uuid('module_id').references(() => courseModules.id, { onDelete: 'set null' }),
    groupSessionId: uuid('group_session_id').references(() => groupSessions.id, { onDelete: 'set null' }),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Null: as many attempts as the learner likes; 1: no retake. */
    maxAttempts: integer('max_attempts'),
    showCorrectAnswers: boolean('show_correct_answers').notNull().default(true),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quizzes_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
    index('quizzes_created_at_idx').on(table.createdAt.desc()),
    index('quizzes_course_id_idx').on(table.courseId),
    index('quizzes_module_id_idx').on(table.moduleId),
    index('quizzes_group_session_id_idx').on(table.groupSessionId),
    check('quizzes_passing_score_check', sql`${table.passingScore} between 0 and 100`),
    check('quizzes_time_limit_minutes_check', sql`${table.timeLimitMinutes} between 1 and 600`),
    check('quizzes_max_attempts_check', sql`${table.maxAttempts} between 1 and 100`),
  ],
);

/** The bank questions a quiz always asks, in order. */
export const quizQuestionLinks = pgTable(
  'quiz_question_links',
  {
    ...tenantColumns(() => organizations.id),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    uniqueIndex('quiz_question_links_quiz_id_question_id_idx').on(table.quizId, table.questionId),
    index('quiz_question_links_question_id_idx').on(table.questionId),
  ],
);

/** Random draws: `question_count` questions of a category, different for each attempt. */
export const quizDraws = pgTable(
  'quiz_draws',
  {
    ...tenantColumns(() => organizations.id),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => quizCategories.id, { onDelete: 'cascade' }),
    questionCount: integer('question_count').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    index('quiz_draws_quiz_id_idx').on(table.quizId),
    index('quiz_draws_category_id_idx').on(table.categoryId),
    check('quiz_draws_question_count_check', sql`${table.questionCount} between 1 and 100`),
  ],
);

/** Who answered: a signed-in learner, a visitor of a public quiz, a future learner by positioning token. */
export type QuizAttemptSource = 'learner' | 'public' | 'positioning';

/**
 * One sitting of a quiz. A learner's (`source` 'learner') names its account; a public or positioning
 * attempt may have none, only the respondent's name and address. `questions` is frozen when it is
 * dealt; `answers` grows as they are saved; the score columns are set once, at submission.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    ...tenantColumns(() => organizations.id),
    // Restrict: a quiz that has been taken is deactivated, not deleted (its results are evidence).
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'restrict' }),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    respondentName: text('respondent_name'),
    respondentEmail: text('respondent_email'),
    source: text('source').$type<QuizAttemptSource>().notNull().default('learner'),
    attemptNumber: integer('attempt_number').notNull().default(1),
    status: text('status').$type<'in_progress' | 'submitted'>().notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    questions: jsonb('questions').$type<FrozenQuestion[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, StoredAnswer>>().notNull().default({}),
    scorePoints: integer('score_points'),
    maxPoints: integer('max_points').notNull(),
    scorePercent: integer('score_percent'),
    passed: boolean('passed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quiz_attempts_quiz_id_submitted_at_idx').on(table.quizId, table.submittedAt.desc()),
    index('quiz_attempts_user_id_quiz_id_idx').on(table.userId, table.quizId),
    // Analytics: one organisation's submitted attempts over a period (migration 0031).
    index('quiz_attempts_organization_id_submitted_at_idx')
      .on(table.organizationId, table.submittedAt)
      .where(sql`${table.status} = 'submitted'`),
    uniqueIndex('quiz_attempts_one_in_progress_idx')
      .on(table.quizId, table.userId)
      .where(sql`${table.status} = 'in_progress' AND ${table.userId} IS NOT NULL`),
    uniqueIndex('quiz_attempts_quiz_id_user_id_attempt_number_idx')
      .on(table.quizId, table.userId, table.attemptNumber)
      .where(sql`${table.userId} IS NOT NULL`),
    check('quiz_attempts_source_check', sql`${table.source} in ('learner', 'public', 'positioning')`),
    check('quiz_attempts_status_check', sql`${table.status} in ('in_progress', 'submitted')`),
    check('quiz_attempts_learner_check', sql`${table.source} <> 'learner' OR ${table.userId} IS NOT NULL`),
    check('quiz_attempts_score_percent_check', sql`${table.scorePercent} between 0 and 100`),
  ],
);
