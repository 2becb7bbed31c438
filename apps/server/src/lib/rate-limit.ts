import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { rateLimitAttempts as attempts } from './rate-limit.tables.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Counting windows kept in the database, so every server instance sees the same counts. */
export function createAttemptCounter(db: Db, now: () => Date) {
  async function retryAfterSeconds(key: string, limit: Limit): Promise<number> {
    const [row] = await db.select().from(attempts).where(eq(attempts.key, key));
    if (!row) return 0;
    const remaining = row.windowStart.getTime() + limit.windowMs - now().getTime();
    if (remaining <= 0 || row.count < limit.max) return 0;
    return Math.ceil(remaining / 1000);
  }

  /** Refuses with RATE_LIMITED (and when to retry) once a key has used up its window. */
  async function assertAllowed(key: string, limit: Limit) {
    const wait = await retryAfterSeconds(key, limit);
    if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
  }

  async function record(key: string, limit: Limit) {
    const current = now();
    const windowStart = new Date(current.getTime() - limit.windowMs);
    await db
      .insert(attempts)
      .values({ key, count: 1, windowStart: current })
      .onConflictDoUpdate({
        target: attempts.key,
        set: {
          count: sql`case when ${attempts.windowStart} <= ${windowStart} then 1 else ${attempts.count} + 1 end`,
          windowStart: sql`case when ${attempts.windowStart} <= ${windowStart} then ${current} else ${attempts.windowStart} end`,
        },
      });
  }

  return {
    assertAllowed,
    record,
    /** Refuses once the window is used up, and counts this attempt otherwise. */
    async consume(key: string, limit: Limit) {
      await assertAllowed(key, limit);
      await record(key, limit);
    },
    async clear(key: string) {
      await db.delete(attempts).where(eq(attempts.key, key));
    },
  };
}

export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
