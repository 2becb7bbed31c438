import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import type { Database } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { createAttemptCounter } from './rate-limit.ts';

let database: Database;
let clock = new Date('2026-11-23T09:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const limit = { max: 5, windowMs: 15 * 60 * 1000 };

async function outcome(promise: Promise<unknown>): Promise<'counted' | 'refused'> {
  try {
    await promise;
    return 'counted';
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return 'refused';
    throw error;
  }
}

describe('attempt counter', () => {
  it('counts and checks in one step: a parallel burst gets exactly the allowed number through', async () => {
    const counter = createAttemptCounter(database.db, () => clock);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => outcome(counter.consume('burst', limit))),
    );
    expect(results.filter((result) => result === 'counted')).toHaveLength(5);
    expect(results.filter((result) => result === 'refused')).toHaveLength(35);
  });

  it('says when to retry, and opens a new window once the old one has passed', async () => {
    const counter = createAttemptCounter(database.db, () => clock);
    for (let attempt = 0; attempt < 5; attempt++) await counter.consume('window', limit);
    const refused = await counter.consume('window', limit).catch((error: AppError) => error);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
    expect((refused as AppError).details?.retryAfterSeconds).toBe(15 * 60);
    clock = new Date(clock.getTime() + 15 * 60 * 1000);
    await expect(counter.consume('window', limit)).resolves.toBeUndefined();
  });

  it('gives back a slot an attempt did not use', async () => {
    const counter = createAttemptCounter(database.db, () => clock);
    for (let attempt = 0; attempt < 5; attempt++) await counter.consume('release', limit);
    await counter.release('release');
    await expect(counter.consume('release', limit)).resolves.toBeUndefined();
    await expect(counter.consume('release', limit)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
