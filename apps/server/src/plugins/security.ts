import { MEETING_EMBED_ORIGINS, VIDEO_EMBED_ORIGINS } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { AppError } from '../lib/app-error.ts';
import { redactUrl } from './request-log.ts';

// The inline theme script in apps/web/index.html (applies the saved theme before paint).
const THEME_SCRIPT_HASH = "'sha256-scVS4lD9Azy87wRT5SO8rU+Z5X9Xo05+LbxWvhxC7ds='";
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A permissions-policy allowlist: the embedded meeting providers only, never our own pages. */
const MEETINGS = `(${MEETING_EMBED_ORIGINS.map((origin) => `"${origin}"`).join(' ')})`;
/**
 * Powerful browser features the app never uses, refused to our pages and every frame in them, except
 * camera, microphone and screen sharing for an embedded group-session meeting (issue 15: the live
 * page frames Jitsi or Whereby, which need them). Video players keep what they ask for
 * (video-embed.tsx `allow`: autoplay, encrypted-media, fullscreen, picture-in-picture), so those are
 * not listed.
 */
export const PERMISSIONS_POLICY = [
  `camera=${MEETINGS}`,
  `microphone=${MEETINGS}`,
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  `display-capture=${MEETINGS}`,
].join(', ');

export async function registerSecurity(app: FastifyInstance, appUrl: string) {
  const isHttps = appUrl.startsWith('https://');
  // Built once: @fastify/helmet built this middleware again for every request (about 6 % of a
  // heartbeat's CPU in the time-tracking benchmark).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Lesson videos embedded from the allow-listed players only (courses contract); blob: for
        // the device's copies of a formation's PDFs and videos, opened offline (issue 18).
        frameSrc: ["'self'", 'blob:', ...VIDEO_EMBED_ORIGINS, ...MEETING_EMBED_ORIGINS],
        mediaSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isHttps,
  });
  // JSON never runs as a page, so API answers carry only the headers that matter for data: about
  // 300 bytes instead of helmet's 1 KB, built once (issue 12: /api/health at 0.45x a bare route).
  // Pages keep the full set, build files a smaller one (below); a file download sets its own policy
  // (files.routes.ts).
  const hsts = isHttps ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
  const apiHeaders = Object.entries({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...hsts,
  });
  // The build's hashed files (scripts, styles and their chunks, apps/web/dist/assets) are neither
  // pages nor workers: the policies above act on the page that loads them, not on them. They carry
  // what guards a file, about 100 bytes instead of 1.3 KB, on each of the 60 files of a signed-in
  // page's first load (issue 12: 75 KB of headers on Lighthouse's simulated mobile link). sw.js and
  // workbox, the service worker's scripts, are outside assets/ and keep the full set.
  const assetHeaders = Object.entries({
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...hsts,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith('/api/')
      ? apiHeaders
      : request.url.startsWith('/assets/')
        ? assetHeaders
        : undefined;
    if (headers) {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
      return;
    }
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // API answers are per user (sessions, roles, organisations): no browser or proxy keeps them, unless
  // a route chose its own policy (file downloads, files.routes.ts).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Cookies are SameSite=Lax already; a browser also sends Origin on every cross-site write, so
  // refusing foreign origins closes CSRF. Clients without Origin (curl, integrations) hold no cookie.
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.headers.host}`;
    if (origin !== allowed && origin !== own) {
      request.log.warn(
        { event: 'access.refused', origin, url: redactUrl(request.url) },
        'foreign origin refused',
      );
      throw new AppError('ORIGIN_REJECTED');
    }
  });
}
