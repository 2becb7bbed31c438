import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

describe('the HTTP server bounds slow clients', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('gives a request 15 minutes to arrive (a 200 MB video on a slow uplink) and drops silent sockets after 2', () => {
    expect(testApp.app.server.requestTimeout).toBe(15 * 60_000);
    expect(testApp.app.server.timeout).toBe(2 * 60_000);
    // Headers alone keep Node's own, shorter limit.
    expect(testApp.app.server.headersTimeout).toBeLessThanOrEqual(60_000);
  });
});
