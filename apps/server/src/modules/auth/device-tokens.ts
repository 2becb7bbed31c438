import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authDeviceTokens, authUsers } from './auth.tables.ts';

/** As long as the cookie that carries it: a browser used once a year stays known. */
const DEVICE_TOKEN_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * Browsers remembered per account, the oldest forgotten first: signing in again and again without
 * the cookie (private windows, scripts) cannot grow the table without bound.
 */
const DEVICE_TOKENS_PER_USER = 10;

// The token is 256 random bits: a plain hash is enough to make a leaked row useless as a cookie.
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Device tokens (OWASP "device cookies"): proof that a browser signed in to an account before, which
 * spares it the per-email limit a stranger can trip by guessing. Random and stored with their
 * account, so they can be revoked, and one account's token says nothing about another's.
 */
export function createDeviceTokens(db: Db, now: () => Date) {
  return {
    /** A new token for this browser; the one it presented, if it was this account's, is replaced. */
    async issue(userId: string, previous?: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashOf(token);
      const issuedAt = now();
      if (previous) {
        await db
          .delete(authDeviceTokens)
          .where(and(eq(authDeviceTokens.tokenHash, hashOf(previous)), eq(authDeviceTokens.userId, userId)));
      }
      await db.insert(authDeviceTokens).values({
        tokenHash,
        userId,
        createdAt: issuedAt,
        expiresAt: new Date(issuedAt.getTime() + DEVICE_TOKEN_LIFETIME_MS),
      });
      const newest = db
        .select({ tokenHash: authDeviceTokens.tokenHash })
        .from(authDeviceTokens)
        .where(eq(authDeviceTokens.userId, userId))
        .orderBy(desc(authDeviceTokens.createdAt))
        .limit(DEVICE_TOKENS_PER_USER);
      await db.delete(authDeviceTokens).where(
        and(
          eq(authDeviceTokens.userId, userId),
          // Tokens issued in the same instant tie in the order: the one just issued always stays.
          ne(authDeviceTokens.tokenHash, tokenHash),
          or(lte(authDeviceTokens.expiresAt, issuedAt), notInArray(authDeviceTokens.tokenHash, newest)),
        ),
      );
      return token;
    },

    /** Whether `token` is a live token of the account with this address. */
    async isValidFor(email: string, token: string | undefined): Promise<boolean> {
      if (!token) return false;
      const [row] = await db
        .select({ userId: authDeviceTokens.userId })
        .from(authDeviceTokens)
        .innerJoin(authUsers, eq(authUsers.id, authDeviceTokens.userId))
        .where(
          and(
            eq(authDeviceTokens.tokenHash, hashOf(token)),
            eq(authUsers.email, email),
            gt(authDeviceTokens.expiresAt, now()),
          ),
        );
      return row !== undefined;
    },

    /** Every browser of the account becomes unknown again (new password). */
    async revokeAll(userId: string) {
      await db.delete(authDeviceTokens).where(eq(authDeviceTokens.userId, userId));
    },
  };
}
