import { type AccountSession, describeUserAgent } from '@cursus/contracts';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authSessions } from './auth.tables.ts';
import type { Auth } from './auth.ts';
import { SESSION_MAX_AGE_MS } from './auth.ts';

/**
 * A person's sign-in sessions (issue 19): listed and ended by their owner, or all ended by an admin.
 * Every statement names the owner's id, so nobody reaches another's session whatever id they send;
 * sessions are named by id, and the token (the cookie's value) never leaves the server. Deleting the
 * row is the revocation: the session check reads it on every request, on every instance.
 */
export function createAccountSessions(deps: { db: Db; auth: Auth; now: () => Date }) {
  const { db, auth, now } = deps;

  /** The session of the browser asking, read without extending it. */
  async function currentSessionId(headers: Headers): Promise<string | null> {
    const result = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    return result?.session.id ?? null;
  }

  const isLive = (userId: string) =>
    and(
      eq(authSessions.userId, userId),
      gt(authSessions.expiresAt, now()),
      // Past the absolute lifetime the session check ends it at its next use: not listed as live.
      gt(authSessions.createdAt, new Date(now().getTime() - SESSION_MAX_AGE_MS)),
    );

  return {
    async list(userId: string, headers: Headers): Promise<AccountSession[]> {
      const current = await currentSessionId(headers);
      const rows = await db
        .select({
          id: authSessions.id,
          userAgent: authSessions.userAgent,
          ipAddress: authSessions.ipAddress,
          createdAt: authSessions.createdAt,
          updatedAt: authSessions.updatedAt,
        })
        .from(authSessions)
        .where(isLive(userId))
        .orderBy(desc(authSessions.updatedAt), desc(authSessions.createdAt));
      return rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        ipAddress: row.ipAddress,
        signedInAt: row.createdAt.toISOString(),
        // updated_at is moved by the session check, at most once per cache period (auth.service.ts).
        lastActiveAt: (row.updatedAt > row.createdAt ? row.updatedAt : row.createdAt).toISOString(),
        current: row.id === current,
      }));
    },

    /** Ends one of the owner's sessions; SESSION_NOT_FOUND for an id that is not theirs. */
    async revoke(userId: string, sessionId: string): Promise<void> {
      const deleted = await db
        .delete(authSessions)
        .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
        .returning({ id: authSessions.id });
      if (deleted.length === 0) throw new AppError('SESSION_NOT_FOUND');
    },

    /** Ends every session of the owner but the one asking; answers how many ended. */
    async revokeOthers(userId: string, headers: Headers): Promise<number> {
      const current = await currentSessionId(headers);
      const deleted = await db
        .delete(authSessions)
        .where(
          current
            ? and(eq(authSessions.userId, userId), ne(authSessions.id, current))
            : eq(authSessions.userId, userId),
        )
        .returning({ id: authSessions.id });
      return deleted.length;
    },

    /** Ends every session of an account (an admin's action). */
    async revokeAll(userId: string): Promise<number> {
      const deleted = await db
        .delete(authSessions)
        .where(eq(authSessions.userId, userId))
        .returning({ id: authSessions.id });
      return deleted.length;
    },
  };
}

export type AccountSessions = ReturnType<typeof createAccountSessions>;
