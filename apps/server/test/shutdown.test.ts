import { describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish before the server and the database close', async () => {
    const testApp = await createTestApp();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const handlerEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    testApp.app.get('/api/test/slow', async () => {
      entered();
      await held;
      await testApp.modules.organizations.service.languageOf('nobody');
      return { done: true };
    });
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/test/slow`);
    await handlerEntered;
    const closing = testApp.close();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
  });
});
