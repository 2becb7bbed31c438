import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authUsers } from './auth.tables.ts';

/**
 * better-auth's address of each account among `userIds` that verified it: the only address
 * ADMIN_EMAILS is matched against (the organisations module resolves roles with it, SPEC 6).
 */
export function createVerifiedEmails(database: Database) {
  return async (userIds: readonly string[]): Promise<Map<string, string>> => {
    if (userIds.length === 0) return new Map();
    const rows = await database.service
      .select({ id: authUsers.id, email: authUsers.email })
      .from(authUsers)
      .where(and(inArray(authUsers.id, [...userIds]), eq(authUsers.emailVerified, true)));
    return new Map(rows.map((row) => [row.id, row.email]));
  };
}
