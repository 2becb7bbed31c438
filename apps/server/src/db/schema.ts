// Every table, for drizzle-kit and for the database client's typed queries.
export * from '../lib/rate-limit.tables.ts';
export * from '../lib/secret.tables.ts';
export * from '../modules/achievements/achievements.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/courses/courses.tables.ts';
export * from '../modules/email/email.tables.ts';
export * from '../modules/exercises/exercises.tables.ts';
export * from '../modules/files/files.tables.ts';
export * from '../modules/notifications/notifications.tables.ts';
export * from '../modules/organizations/organizations.tables.ts';
export * from '../modules/quizzes/positioning.tables.ts';
export * from '../modules/quizzes/public-quiz.tables.ts';
export * from '../modules/quizzes/quizzes.tables.ts';
export * from '../modules/system/system.tables.ts';
export * from '../modules/time-tracking/time-tracking.tables.ts';
