import { MEETING_EMBED_ORIGINS, VIDEO_EMBED_ORIGINS } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function policyOf(url: string): Promise<Map<string, string>> {
  const response = await testApp.app.inject({ method: 'GET', url });
  const policy = String(response.headers['content-security-policy']);
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
}

describe('content security policy of the lesson view', () => {
  it('frames only our own files, the privacy-friendly video players and the meeting providers', async () => {
    const directives = await policyOf('/formations');
    // 'self' for PDFs shown in the browser's viewer, blob: for the device's copies of them opened
    // offline (issue 18; a page can make blob: addresses of its own origin only); then
    // youtube-nocookie, player.vimeo and dailymotion; then Jitsi and Whereby for group sessions'
    // live page (rooms on whereby subdomains).
    expect(directives.get('frame-src')).toBe(
      ["'self'", 'blob:', ...VIDEO_EMBED_ORIGINS, ...MEETING_EMBED_ORIGINS].join(' '),
    );
    expect(directives.get('frame-src')).not.toMatch(/(^| )(\*|https:)( |$)|https:\/\/www\.youtube\.com/);
  });

  it('plays uploaded videos from our origin and keeps plugins and foreign framing out', async () => {
    const directives = await policyOf('/formations');
    // Uploaded videos from our file route, or the device's copy of them offline (issue 18).
    expect(directives.get('media-src')).toBe("'self' blob:");
    expect(directives.get('default-src')).toBe("'self'");
    // PDFs use an <iframe>, never <object>/<embed>.
    expect(directives.get('object-src')).toBe("'none'");
    // The app's own pages still may not be framed by anyone.
    expect(directives.get('frame-ancestors')).toBe("'none'");
  });
});
