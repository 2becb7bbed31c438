import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/plugins/request-log.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helper.ts';

const TOKEN = 'SECRET-token-4f2a9c';
const lines: string[] = [];
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
  });
});
afterAll(async () => {
  await testApp.close();
});

describe('request logs', () => {
  it('never record the token of an emailed link', async () => {
    await testApp.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${TOKEN}` });
    await testApp.app.inject({ method: 'GET', url: `/reset-password?token=${TOKEN}&lang=fr` });
    const requestLines = lines.filter((line) => line.includes('verify-email'));
    // The request is still logged, by its path and the query's names.
    expect(requestLines.some((line) => line.includes('/api/auth/verify-email?token=[redacted]'))).toBe(true);
    expect(lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  });

  it('never record a query value in a refusal either', async () => {
    const cookie = await createConfirmedUser(testApp, { email: 'nosy@x.example', firstName: 'Nosy' });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/time-tracking/connection-logs?search=${TOKEN}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(lines.some((line) => line.includes('access refused'))).toBe(true);
    expect(lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  });

  it('keeps the path and the names of the query, not their values', () => {
    expect(redactUrl('/api/courses')).toBe('/api/courses');
    expect(redactUrl('/reset-password?token=abc&lang=fr')).toBe(
      '/reset-password?token=[redacted]&lang=[redacted]',
    );
    expect(redactUrl('/api/x?')).toBe('/api/x?');
    // SPEC 2 /positioning/{token}: the page's own path is its secret.
    expect(redactUrl(`/positioning/${'a'.repeat(43)}`)).toBe('/positioning/[redacted]');
  });
});
