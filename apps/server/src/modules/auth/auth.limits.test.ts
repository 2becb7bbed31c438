import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, signIn, type TestApp } from '../../../test/helper.ts';
import { signInLogs } from '../system/system.tables.ts';

describe('sign-in limits under a parallel burst', () => {
  let testApp: TestApp;
  let clock = new Date('2026-11-23T09:00:00Z');
  beforeAll(async () => {
    testApp = await createTestApp({ now: () => clock });
  });
  afterAll(() => testApp.close());

  it('lets at most 5 wrong guesses on one address through, whatever the concurrency', async () => {
    const email = 'burst@limit.example';
    await createConfirmedUser(testApp, { email });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => signIn(testApp.app, email, 'Guess-Word-9')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  it('counts every attempt from one IP exactly once, even in parallel', async () => {
    clock = new Date(clock.getTime() + 16 * 60 * 1000); // a new window for this IP
    // 40 different addresses, one guess each: only the per-IP limit (30 per 15 minutes) applies.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        signIn(testApp.app, `nobody${index}@limit.example`, 'Guess-Word-9'),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => testApp.close());

  it('counts a client under the address its proxy appended, whatever it put on the left', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await signIn(testApp.app, `rotating${attempt}@proxy.example`, 'Guess-Word-9', {
        'x-forwarded-for': `6.6.6.${attempt}, 10.0.0.1`,
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await signIn(testApp.app, 'rotating-last@proxy.example', 'Guess-Word-9', {
      'x-forwarded-for': '7.7.7.7, 10.0.0.1',
    });
    expect(limited.statusCode).toBe(429);
    // Another client behind the same proxy is counted on its own.
    const other = await signIn(testApp.app, 'other@proxy.example', 'Guess-Word-9', {
      'x-forwarded-for': '10.0.0.2',
    });
    expect(other.statusCode).toBe(401);
  });

  it('records the proxy-appended address in the sign-in log', async () => {
    const email = 'logged@proxy.example';
    await createConfirmedUser(testApp, { email });
    const response = await signIn(testApp.app, email, undefined, {
      'x-forwarded-for': '6.6.6.6, 10.0.0.3',
    });
    expect(response.statusCode).toBe(200);
    const userId = response.json().user.id;
    const rows = await testApp.database.db.select().from(signInLogs).where(eq(signInLogs.userId, userId));
    expect(rows.map((row) => row.ipAddress)).toContain('10.0.0.3');
    expect(rows.map((row) => row.ipAddress)).not.toContain('6.6.6.6');
  });
});

describe('with the proxies named (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
  });
  afterAll(() => testApp.close());

  it('skips the named proxies from the right and stops at the first other address', async () => {
    const email = 'named@proxy.example';
    await createConfirmedUser(testApp, { email });
    const response = await signIn(testApp.app, email, undefined, {
      'x-forwarded-for': '6.6.6.6, 5.5.5.5, 10.1.2.3',
    });
    expect(response.statusCode).toBe(200);
    const rows = await testApp.database.db
      .select()
      .from(signInLogs)
      .where(eq(signInLogs.userId, response.json().user.id));
    // (127.0.0.1 is the sign-in createConfirmedUser made without the header.)
    expect(rows.map((row) => row.ipAddress)).toContain('5.5.5.5');
    expect(rows.map((row) => row.ipAddress)).not.toContain('6.6.6.6');
    expect(rows.map((row) => row.ipAddress)).not.toContain('10.1.2.3');
  });
});
