import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';

function withCode(message: string, code: string) {
  return Object.assign(new Error(message), { code });
}

/** What pg, pg-pool, Node and PostgreSQL throw when the database is down or unreachable. */
const UNAVAILABLE: Record<string, Error> = {
  'connection refused': withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
  'connection reset': withCode('read ECONNRESET', 'ECONNRESET'),
  'connection cut mid-query': new Error('Connection terminated unexpectedly'),
  'connect timeout': new Error('Connection terminated due to connection timeout'),
  'pool acquisition timeout': new Error('timeout exceeded when trying to connect'),
  'client broken by an earlier error': new Error(
    'Client has encountered a connection error and is not queryable',
  ),
  'admin shutdown (57P01)': withCode('terminating connection due to administrator command', '57P01'),
  'starting up (57P03)': withCode('the database system is starting up', '57P03'),
  'connection failure (08006)': withCode('connection failure', '08006'),
  'wrapped by drizzle': new DrizzleQueryError(
    'select 1',
    [],
    new Error('Connection terminated unexpectedly'),
  ),
  'wrapped by drizzle, with a code': new DrizzleQueryError(
    'select 1',
    [],
    withCode('shutting down', '57P01'),
  ),
};

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/fail', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fail' });
  await app.close();
  return response;
}

describe('error handler: the database is unavailable', () => {
  for (const [name, error] of Object.entries(UNAVAILABLE)) {
    it(`answers 503 DATABASE_UNAVAILABLE with Retry-After: ${name}`, async () => {
      const response = await answerTo(error);
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(response.json().error.details.retryAfterSeconds).toBe(Number(response.headers['retry-after']));
    });
  }

  it('answers 504 TIMEOUT, not 503, when a statement ran past statement_timeout (57014)', async () => {
    const response = await answerTo(withCode('canceling statement due to statement timeout', '57014'));
    expect(response.statusCode).toBe(504);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json().error.code).toBe('TIMEOUT');
  });

  it('answers 400, not 500, for text the database cannot store (a NUL character)', async () => {
    const response = await answerTo(withCode('unsupported Unicode escape sequence', '22P05'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('keeps other failures as they were: constraint codes, and a generic 500', async () => {
    expect((await answerTo(withCode('duplicate key', '23505'))).statusCode).toBe(409);
    const unexpected = await answerTo(new Error('terminated by a bug, not the database'));
    expect(unexpected.statusCode).toBe(500);
    expect(unexpected.headers['retry-after']).toBeUndefined();
    expect(unexpected.json().error.code).toBe('SERVER_ERROR');
  });
});
