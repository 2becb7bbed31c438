import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../src/plugins/security.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helper.ts';

let testApp: TestApp;
let cookie: string;

beforeAll(async () => {
  testApp = await createTestApp();
  cookie = await createConfirmedUser(testApp, { email: 'headers@x.example' });
});
afterAll(async () => {
  await testApp.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it('keeps every API answer out of browser and proxy caches, signed in or not, errors included', async () => {
    const session = await get('/api/auth/session', { cookie });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('headers@x.example');
    expect(session.headers['cache-control']).toBe('no-store');
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/courses')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/nothing-here', { cookie })).headers['cache-control']).toBe('no-store');
  });

  it('refuses the powerful browser features the app never uses, on every page and API answer', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/some/page']) {
      const policy = String((await get(url)).headers['permissions-policy']);
      expect(policy, url).toBe(PERMISSIONS_POLICY);
      for (const feature of ['geolocation', 'payment', 'usb']) {
        expect(policy, url).toContain(`${feature}=()`);
      }
      // Camera and microphone for the embedded meeting providers only, never our own pages ('self').
      expect(policy, url).toContain(
        'camera=("https://meet.jit.si" "https://whereby.com" "https://*.whereby.com")',
      );
      expect(policy, url).not.toMatch(/camera=[^,]*self|microphone=\*/);
      // Video players still get what their frames ask for (video-embed.tsx).
      expect(policy, url).not.toMatch(/fullscreen|autoplay|encrypted-media|picture-in-picture/);
    }
  });
});
