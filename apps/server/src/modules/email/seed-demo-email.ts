import type { UserEmailTemplate } from '@cursus/contracts';
import type { Database } from '../../db/client.ts';
import { emailPreferences } from './email.tables.ts';

/**
 * The demo's email choices: a learner who keeps up on their own and turned the inactivity reminders
 * off, and a trainer who follows the learners' questions in the app rather than by email.
 */
export async function seedDemoEmailPreferences(
  database: Pick<Database, 'db'>,
  input: { regularLearnerId: string; trainerId: string },
) {
  const turnedOff: { userId: string; kind: UserEmailTemplate }[] = [
    { userId: input.regularLearnerId, kind: 'inactivity-reminder' },
    { userId: input.trainerId, kind: 'student-reply-received' },
  ];
  await database.db
    .insert(emailPreferences)
    .values(turnedOff.map((entry) => ({ ...entry, enabled: false })))
    .onConflictDoNothing();
}
