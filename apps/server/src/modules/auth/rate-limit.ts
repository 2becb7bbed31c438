import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authAttempts } from './auth.tables.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Counting windows kept in the database, so every server instance sees the same counts. */
export function createAttemptCounter(db: Db, now: () => Date) {
  async function retryAfterSeconds(key: string, limit: Limit): Promise<number> {
    const [row] = await db.select().from(authAttempts).where(eq(authAttempts.key, key));
    if (!row) return 0;
    const remaining = row.windowStart.getTime() + limit.windowMs - now().getTime();
    if (remaining <= 0 || row.count < limit.max) return 0;
    return Math.ceil(remaining / 1000);
  }

  return {
    /** Refuses with RATE_LIMITED (and when to retry) once a key has used up its window. */
    async assertAllowed(key: string, limit: Limit) {
      const wait = await retryAfterSeconds(key, limit);
      if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
    },
    async record(key: string, limit: Limit) {
      const current = now();
      const windowStart = new Date(current.getTime() - limit.windowMs);
      await db
        .insert(authAttempts)
        .values({ key, count: 1, windowStart: current })
        .onConflictDoUpdate({
          target: authAttempts.key,
          set: {
            count: sql`case when ${authAttempts.windowStart} <= ${windowStart} then 1 else ${authAttempts.count} + 1 end`,
            windowStart: sql`case when ${authAttempts.windowStart} <= ${windowStart} then ${current} else ${authAttempts.windowStart} end`,
          },
        });
    },
    async clear(key: string) {
      await db.delete(authAttempts).where(eq(authAttempts.key, key));
    },
  };
}

export type AttemptCounter = ReturnType<typeof createAttemptCounter>;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * Per IP: every attempt counts. Per email: only failures count, and a browser that has signed in
 * to that account before (device cookie) is exempt, so a stranger hammering an address cannot
 * lock its owner out (OWASP "device cookies").
 */
export const LIMITS = {
  signInPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  signInFailuresPerEmail: { max: 5, windowMs: FIFTEEN_MINUTES },
  mailPerIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  mailPerEmail: { max: 3, windowMs: FIFTEEN_MINUTES },
  signUpPerIp: { max: 10, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>;
