import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { rateLimitAttempts as attempts } from './rate-limit.tables.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Counting windows kept in the database, so every server instance sees the same counts.
 *
 * `consume` checks and counts in one SQL statement (INSERT … ON CONFLICT DO UPDATE … WHERE count <
 * max): PostgreSQL locks the key's row for the update and evaluates the condition on its latest
 * version, so a burst of parallel attempts can never take more than `max` slots of a window. A
 * separate read-then-write would let every request of the burst read the same count first.
 */
export function createAttemptCounter(db: Db, now: () => Date) {
  async function retryAfterSeconds(key: string, limit: Limit): Promise<number> {
    const [row] = await db.select().from(attempts).where(eq(attempts.key, key));
    if (!row) return 0;
    const remaining = row.windowStart.getTime() + limit.windowMs - now().getTime();
    if (remaining <= 0 || row.count < limit.max) return 0;
    return Math.ceil(remaining / 1000);
  }

  /** Takes one slot of the key's window, or refuses with RATE_LIMITED (and when to retry). */
  async function consume(key: string, limit: Limit) {
    const current = now();
    const expired = new Date(current.getTime() - limit.windowMs);
    const windowOver = sql`${attempts.windowStart} <= ${expired}`;
    const taken = await db
      .insert(attempts)
      .values({ key, count: 1, windowStart: current })
      .onConflictDoUpdate({
        target: attempts.key,
        set: {
          count: sql`case when ${windowOver} then 1 else ${attempts.count} + 1 end`,
          windowStart: sql`case when ${windowOver} then ${current} else ${attempts.windowStart} end`,
        },
        setWhere: sql`${windowOver} or ${attempts.count} < ${limit.max}`,
      })
      .returning({ count: attempts.count });
    if (taken.length > 0) return;
    // Refused: the row is full. Reading it again only tells the caller how long to wait.
    const wait = await retryAfterSeconds(key, limit);
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(wait, 1) });
  }

  return {
    consume,
    /**
     * Takes a slot of each limit in turn; when one refuses, gives back the slots already taken, so a
     * refused request counts against none of them.
     */
    async consumeAll(entries: ReadonlyArray<readonly [key: string, limit: Limit]>) {
      const taken: string[] = [];
      try {
        for (const [key, limit] of entries) {
          await consume(key, limit);
          taken.push(key);
        }
      } catch (error) {
        for (const key of taken) await release(key);
        throw error;
      }
    },
    release,
    async clear(key: string) {
      await db.delete(attempts).where(eq(attempts.key, key));
    },
  };

  /**
   * Gives back a slot taken by `consume` for an attempt that turned out not to count (e.g. a
   * sign-in whose password was right). One atomic decrement, never below zero.
   */
  async function release(key: string) {
    await db
      .update(attempts)
      .set({ count: sql`${attempts.count} - 1` })
      .where(and(eq(attempts.key, key), gt(attempts.count, 0)));
  }
}

export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
