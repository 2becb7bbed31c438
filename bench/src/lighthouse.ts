/**
 * Lighthouse (issue 12): the built app, mobile emulation with simulated throttling (Lighthouse's
 * default), on the sign-in page, the learner's Mon Suivi and the trainer dashboard, signed in as the
 * demo accounts. The system Chromium is started here with the flags this machine needs (no network
 * beyond loopback), so nothing downloads at run time. Not part of CI: the scores move with the load
 * of the machine, so each page is audited several times and the median performance run is reported.
 *
 *   npm run build && npm run bench:lighthouse [-- --runs 3] [-- --json] [-- --chromium /usr/bin/chromium]
 *     [-- --check]           (exit 1 when a page misses one of issue 12's targets)
 *     [-- --save <folder>]   (each run's full Lighthouse report, as JSON, to open in the Lighthouse viewer)
 *     [-- --cpu-slowdown 4]  (Lighthouse's default, which assumes a fast desktop host; the report prints
 *                             this machine's benchmark index, Lighthouse's own measure of the host,
 *                             so a run can be read against Lighthouse's throttling guidance)
 *     [-- --path]            (after each page's last run, its simulated path to the largest paint:
 *                             each request and each main-thread task of 20 ms or more, with its
 *                             simulated start and end; bench/results/first-load-2026-11-28.md)
 *     [-- --only /dashboard] (that page alone, to try a change on it)
 *     [-- --http2]           (through a TLS reverse proxy speaking HTTP/2, as production runs behind
 *                             nginx (docs/operations.md): the server alone speaks HTTP/1.1, six
 *                             requests at a time in Lighthouse's simulation)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Artifacts } from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { type Http2Proxy, startHttp2Proxy } from './support/http2-proxy.ts';
import { startServer } from './support/server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** issue 12's targets; SEO counts on public pages only (signed-in pages are not indexed). */
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
};

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

interface Page {
  name: string;
  path: string;
  /** The demo account (demo-accounts.txt role column) whose session the audit carries. */
  signedInAs?: 'student' | 'trainer';
}

const PAGES: Page[] = [
  { name: 'sign-in', path: '/auth' },
  { name: 'Mon Suivi (learner)', path: '/dashboard', signedInAs: 'student' },
  { name: 'trainer dashboard', path: '/trainer/dashboard', signedInAs: 'trainer' },
];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3310' },
    chromium: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    json: { type: 'boolean', default: false },
    save: { type: 'string' },
    'cpu-slowdown': { type: 'string', default: '4' },
    /** Exit 1 when a page misses a target; by default the misses are reported, as every figure here. */
    check: { type: 'boolean', default: false },
    path: { type: 'boolean', default: false },
    only: { type: 'string' },
    http2: { type: 'boolean', default: false },
    'http2-port': { type: 'string', default: '3443' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const cpuSlowdown = Number(args['cpu-slowdown']);
if (!(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown must be a number of at least 1');
/** The server itself: sign-ins go there, and the pages too unless --http2 puts the proxy in front. */
const serverUrl = `http://127.0.0.1:${args.port}`;

/** Chromium on a DevTools port of its own choosing, resolved with that port once it listens. */
async function startChromium(userDataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    args.chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      // The HTTP/2 proxy's certificate is made at each run for 127.0.0.1 (support/http2-proxy.ts).
      ...(args.http2 ? ['--ignore-certificate-errors'] : []),
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  return { child, port };
}

/** demo-accounts.txt: role, email, password, tab-separated; the first account of each role. */
function readDemoAccounts(dataDir: string): Map<string, { email: string; password: string }> {
  const accounts = new Map<string, { email: string; password: string }>();
  for (const line of readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [role, email, password] = line.split('\t');
    if (role && email && password && !accounts.has(role)) accounts.set(role, { email, password });
  }
  return accounts;
}

/**
 * What the app keeps on a device where someone signed in (apps/web/src/features/auth/session-store.ts,
 * REMEMBERED_SESSION_KEY): with it, the app asks for the first screen's data as it starts
 * (lib/early-requests.ts), as it does for every returning person.
 */
const REMEMBERED_SESSION_KEY = 'cursus-session-user';

/** A person signed in on this device before: their session cookie, and the session the app remembers. */
interface ReturningVisitor {
  cookie: string;
  rememberedSession: string;
}

async function returningVisitor(account: { email: string; password: string }): Promise<ReturningVisitor> {
  const cookie = await sessionCookie(account);
  const response = await fetch(`${serverUrl}/api/auth/session`, { headers: { Cookie: cookie } });
  const { user } = (await response.json()) as { user: unknown };
  if (!user) throw new Error(`no session for ${account.email}`);
  return { cookie, rememberedSession: JSON.stringify({ user }) };
}

async function sessionCookie(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${serverUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${account.email}: HTTP ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error(`sign-in as ${account.email} set no cookie`);
  return cookies.join('; ');
}

interface Audit {
  /** Lighthouse's measure of this machine's speed, taken at each run (a fast desktop is about 1,500+). */
  benchmarkIndex: number;
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  /** The audits below a full score, for the categories under target. */
  failing: string[];
}

/** One Lighthouse run in a new tab, which a returning visitor's tab finds their session in. */
async function audit(
  browser: Browser,
  url: string,
  visitor: ReturningVisitor | undefined,
  saveAs?: string,
): Promise<Audit> {
  const tab = await browser.newPage();
  try {
    // Before any script of each document, so after Lighthouse's reset of the origin's storage.
    if (visitor)
      await tab.evaluateOnNewDocument(
        (key, value) => {
          try {
            // Runs in the page; this package's types know no DOM.
            (
              globalThis as { localStorage?: { setItem(key: string, value: string): void } }
            ).localStorage?.setItem(key, value);
          } catch {
            // about:blank, which Lighthouse opens first, has no storage.
          }
        },
        REMEMBERED_SESSION_KEY,
        visitor.rememberedSession,
      );
    return await auditIn(tab, url, visitor?.cookie, saveAs);
  } finally {
    await tab.close();
  }
}

/** Lighthouse on `url` in `tab`, carrying the session cookie: the scores, metrics and audits below target. */
async function auditIn(
  tab: Parameters<typeof lighthouse>[3],
  url: string,
  cookie: string | undefined,
  saveAs?: string,
): Promise<Audit> {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Merged into Lighthouse's mobile defaults: only the CPU multiplier changes.
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
    tab,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (args.path) await printSimulatedPath(url, result.artifacts);
  if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? '?']),
  );
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((item) => item && item.score !== null && item.score < 1)
      .map((item) => `${category}: ${item?.id} (${item?.score}) ${item?.displayValue ?? ''}`.trim()),
  );
  return { benchmarkIndex: Math.round(lhr.environment.benchmarkIndex), scores, metrics, failing };
}

/**
 * The score's largest contentful paint is a simulation of the recorded load (Lighthouse's "lantern"):
 * a phone's link (150 ms round trips, 1.6 Mbit/s, six requests at a time over HTTP/1.1) and CPU (the
 * recorded tasks times the slowdown). Prints the simulated timeline of what that paint waited for.
 */
async function printSimulatedPath(url: string, artifacts: Artifacts) {
  const lcp = await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: artifacts.settings,
      simulator: null,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
    },
    { computedCache: new Map(), settings: artifacts.settings } as Artifacts.ComputedContext,
  );
  const origin = new URL(url).origin;
  const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()]
    .sort(([, left], [, right]) => left.startTime - right.startTime)
    .flatMap(([node, { startTime, endTime }]) => {
      const times = `${Math.round(startTime).toString().padStart(6)} ${Math.round(endTime).toString().padStart(6)} ms`;
      if (node.type === 'network')
        return [
          `${times}  ${node.request.url.replace(origin, '')} (${Math.round(node.request.transferSize / 1024)} KB)`,
        ];
      return endTime - startTime >= 20
        ? [`${times}  main thread, ${Math.round(endTime - startTime)} ms`]
        : [];
    });
  console.log(
    `\n${url}: simulated largest contentful paint ${Math.round(lcp.timing)} ms, after\n${rows.join('\n')}`,
  );
}

/** Lighthouse asks for another try when its trace comes out broken (NO_NAVSTART and the like). */
async function auditWithRetry(
  browser: Browser,
  url: string,
  visitor: ReturningVisitor | undefined,
  saveAs?: string,
): Promise<Audit> {
  try {
    return await audit(browser, url, visitor, saveAs);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\ntrying ${url} once more`);
    return audit(browser, url, visitor, saveAs);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-lighthouse-data-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'cursus-lighthouse-chromium-'));
const server = await startServer({
  root: ROOT,
  port: Number(args.port),
  secret: 'lighthouse-bench-secret-lighthouse-bench-secret',
  // As `npm start` runs it: the demo seed is refused in production, and nothing else depends on NODE_ENV.
  env: { DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'true' },
});
if (args.save) mkdirSync(args.save, { recursive: true });
let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
let proxy: Http2Proxy | undefined;
try {
  proxy = args.http2 ? await startHttp2Proxy(new URL(serverUrl), Number(args['http2-port'])) : undefined;
  const baseUrl = proxy?.url ?? serverUrl;
  chromium = await startChromium(profileDir);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromium.port}` });
  const accounts = readDemoAccounts(dataDir);
  const results: { page: Page; median: Audit; performance: number[]; benchmarkIndexes: number[] }[] = [];
  const pages = args.only ? PAGES.filter((page) => page.path === args.only) : PAGES;
  if (pages.length === 0)
    throw new Error(`--only names none of ${PAGES.map((page) => page.path).join(', ')}`);
  for (const page of pages) {
    const account = page.signedInAs ? accounts.get(page.signedInAs) : undefined;
    if (page.signedInAs && !account) throw new Error(`no demo ${page.signedInAs} in demo-accounts.txt`);
    const visitor = account ? await returningVisitor(account) : undefined;
    const audits: Audit[] = [];
    for (let run = 0; run < runs; run += 1) {
      const saveAs = args.save
        ? path.join(args.save, `${page.path.replace(/\W+/g, '-').replace(/^-/, '')}-${run + 1}.json`)
        : undefined;
      audits.push(await auditWithRetry(browser, `${baseUrl}${page.path}`, visitor, saveAs));
    }
    const sorted = [...audits].sort((left, right) => left.scores.performance - right.scores.performance);
    const median = sorted[Math.floor(sorted.length / 2)] as Audit;
    results.push({
      page,
      median,
      performance: audits.map((item) => item.scores.performance),
      benchmarkIndexes: audits.map((item) => item.benchmarkIndex),
    });
  }

  if (args.json) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    const indexes = results.flatMap((result) => result.benchmarkIndexes);
    console.log(
      `Lighthouse ${runs} run(s) per page, mobile emulation, ${cpuSlowdown}x CPU slowdown,`,
      `${args.http2 ? 'HTTP/2 through a TLS proxy' : 'HTTP/1.1 to the server'}, median performance run;`,
      `benchmark index of this machine ${Math.min(...indexes)} to ${Math.max(...indexes)}:\n`,
    );
    console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | SI |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const { page, median, performance } of results) {
      const { scores, metrics } = median;
      console.log(
        `| ${page.name} \`${page.path}\` | ${scores.performance} (runs ${performance.join(', ')}) | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo}${page.signedInAs ? ' (not public)' : ''} | ${Object.values(metrics).join(' | ')} |`,
      );
    }
    for (const { page, median } of results) {
      if (median.failing.length > 0)
        console.log(`\n${page.name}, below a full score:\n  ${median.failing.join('\n  ')}`);
    }
  }
  const missed = results.flatMap(({ page, median }) =>
    CATEGORIES.filter(
      (category) => (category !== 'seo' || !page.signedInAs) && median.scores[category] < TARGETS[category],
    ).map((category) => `${page.path} ${category} ${median.scores[category]} < ${TARGETS[category]}`),
  );
  if (missed.length > 0) {
    console.log(`\nbelow target:\n  ${missed.join('\n  ')}`);
    if (args.check) process.exitCode = 1;
  } else {
    console.log('\nevery target met');
  }
} finally {
  chromium?.child.kill('SIGTERM');
  await proxy?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
