import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  signIn,
  type TestApp,
} from '../../../test/helper.ts';
import { authSessions, authUsers } from './auth.tables.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('absolute session lifetime', () => {
  let testApp: TestApp;
  // Starts at the real time: better-auth dates its sliding expiry on the real clock.
  const start = Date.now();
  let clock = new Date(start);
  beforeAll(async () => {
    testApp = await createTestApp({ now: () => clock });
  });
  afterAll(() => testApp.close());

  const unreadCount = (cookie: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } });

  it('ends a session 30 days after sign-in even though it was used every day', async () => {
    const email = 'daily@sessions.example';
    const cookie = await createConfirmedUser(testApp, { email });
    for (let day = 1; day < 30; day++) {
      clock = new Date(start + day * DAY);
      expect((await unreadCount(cookie)).statusCode).toBe(200);
    }

    clock = new Date(start + 30 * DAY);
    const refused = await unreadCount(cookie);
    expect(refused.statusCode).toBe(401);
    // The browser is told to forget the cookie, and the session is gone from the database.
    expect(String(refused.headers['set-cookie'])).toMatch(/cursus\.session_token=;.*Max-Age=0/i);
    const [user] = await testApp.database.db.select().from(authUsers).where(eq(authUsers.email, email));
    const sessions = await testApp.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, user!.id));
    expect(sessions).toEqual([]);

    // Signing in again opens a session with a new 30 days.
    const again = cookieHeader(await signIn(testApp.app, email));
    expect((await unreadCount(again)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 29 * DAY);
    expect((await unreadCount(again)).statusCode).toBe(200);
  });
});
