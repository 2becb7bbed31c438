import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './support/journey';
import { type OpenedPage, signInThroughApi, waitForHeading } from './support/pages';
import type { DemoRole } from './support/server';

// Issue 10: translations load with their routes (apps/web/src/lib/i18n.ts, app/router.tsx). A page
// opened directly, reloaded, or switched to the other language must show its own words, never a
// translation key such as `list.emptyTitle` or `courses:list.title`.
const LOCALES = fileURLToPath(new URL('../apps/web/src/locales/', import.meta.url));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

/** Every key path of every namespace (`list.emptyTitle`, and `list.total` for `list.total_one`). */
const KEYS = new Set(
  readdirSync(`${LOCALES}fr`).flatMap((file) =>
    flatten(JSON.parse(readFileSync(`${LOCALES}fr/${file}`, 'utf8')) as Tree).flatMap((key) => [
      key,
      key.replace(PLURAL_SUFFIX, ''),
    ]),
  ),
);
const NAMESPACES = readdirSync(`${LOCALES}fr`).map((file) =>
  file.replace(/\.json$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
);
const NAMESPACED_KEY = new RegExp(`\\b(${NAMESPACES.join('|')}):[a-zA-Z]`);
/** What a raw key looks like in text; only the ones that are real keys count (emails look alike). */
const KEY_LIKE = /\b[a-z]+(\.[a-zA-Z0-9_]+)+\b/g;

/** The translation keys the page shows as text, in its body, its title and its labels. */
async function rawKeys(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => [
    document.title,
    document.body.innerText,
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ]);
  return texts.flatMap((text) => [
    ...[...text.matchAll(KEY_LIKE)].map(([match]) => match).filter((match) => KEYS.has(match)),
    ...(NAMESPACED_KEY.exec(text) ?? []).slice(0, 1),
  ]);
}

/** Waits for the page's heading, then for its data: no spinner and no list still fetching. */
async function waitForScreen(page: Page, heading: string) {
  await waitForHeading(page, heading);
  await page.waitForFunction(
    () => !document.querySelector('[role="status"] .animate-spin, [aria-busy="true"]'),
  );
}

/**
 * The pages of each language, with the heading a person reads there and the locale file of the
 * route's namespace: its own (locales/<lng>/<file>.json), or its set's (`learning` is in the
 * `learner` set of apps/web/build/locale-sets.ts, one file with Mon Suivi's other namespaces).
 */
const PAGES: Record<'fr' | 'en', { role: DemoRole; path: string; heading: string; file: string }[]> = {
  en: [
    { role: 'trainer', path: '/trainer/courses', heading: 'Courses', file: 'courses' },
    { role: 'student', path: '/formations', heading: 'My courses', file: 'learner' },
    { role: 'student', path: '/progression', heading: 'Progress', file: 'learner' },
  ],
  fr: [
    { role: 'trainer', path: '/trainer/courses', heading: 'Formations', file: 'courses' },
    { role: 'student', path: '/formations', heading: 'Mes formations', file: 'learner' },
    { role: 'student', path: '/progression', heading: 'Progression', file: 'learner' },
  ],
};
const LANGUAGE_BUTTON = { en: 'EN', fr: 'FR' } as const;

const journey = useJourney();
const signedIn = new Map<DemoRole, OpenedPage>();

beforeAll(async () => {
  for (const role of ['trainer', 'student'] as const) {
    const opened = await journey.open();
    await signInThroughApi(
      opened.page,
      journey.demo(role),
      role === 'trainer' ? '/trainer/dashboard' : '/dashboard',
    );
    signedIn.set(role, opened);
  }
});

function pageOf(role: DemoRole): Page {
  const opened = signedIn.get(role);
  if (!opened) throw new Error(`${role} signs in in beforeAll`);
  return opened.page;
}

/** Chooses the language with the shell's FR/EN switch: saved on the device and on the account. */
async function choose(page: Page, language: 'fr' | 'en') {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  // Saved before the next load, where the account's language wins over the device's.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/preferences') && response.ok(),
  );
  await page.getByRole('button', { name: LANGUAGE_BUTTON[language], exact: true }).first().click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  await saved;
}

describe('translations load with their routes', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`shows no raw key on a first load and a reload in ${language === 'en' ? 'English' : 'French'}`, async () => {
      for (const { role, path, heading, file } of PAGES[language]) {
        const page = pageOf(role);
        await page.goto('/profile');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await choose(page, language);

        // A fresh document: the start namespaces and this route's, in this language only.
        const fetched: string[] = [];
        const onRequest = (request: Request) => {
          // The content hash is 8 characters, '-' among them at times ('locale-en-learner-Du-NVXtK.js').
          const locale = /\/assets\/locale-(\w+)-([\w-]+)-[\w-]{8}\.js$/.exec(request.url());
          if (locale) fetched.push(`${locale[1]}/${locale[2]}`);
        };
        page.on('request', onRequest);
        await page.goto(path);
        await waitForScreen(page, heading);
        page.off('request', onRequest);
        expect(await rawKeys(page), `${path} (${language})`).toEqual([]);
        // `start` holds the start namespaces (common, errors) with auth (apps/web/build/locale-sets.ts).
        expect(fetched, path).toEqual(expect.arrayContaining([`${language}/start`, `${language}/${file}`]));
        expect(
          fetched.filter((name) => !name.startsWith(`${language}/`)),
          path,
        ).toEqual([]);

        await page.reload();
        await waitForScreen(page, heading);
        expect(await rawKeys(page), `${path} (${language}, reloaded)`).toEqual([]);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
      }
    });
  }

  it('switches language on a loaded page without showing a raw key', async () => {
    for (const [from, to] of [
      ['fr', 'en'],
      ['en', 'fr'],
    ] as const) {
      for (const [index, target] of PAGES[to].entries()) {
        const page = pageOf(target.role);
        const before = PAGES[from][index];
        if (!before) throw new Error('each language lists the same pages');
        await page.goto('/profile');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await choose(page, from);
        await page.goto(target.path);
        await waitForScreen(page, before.heading);

        // Every text on the page flips at once: no key in between, even for a moment.
        const keysSeen: string[] = [];
        const watching = page.evaluate(
          (pattern) =>
            new Promise<string[]>((resolve) => {
              const seen = new Set<string>();
              const observer = new MutationObserver(() => {
                for (const match of document.body.innerText.matchAll(new RegExp(pattern, 'g')))
                  seen.add(match[0]);
              });
              observer.observe(document.body, { subtree: true, childList: true, characterData: true });
              (window as unknown as { stopWatching: () => void }).stopWatching = () => {
                observer.disconnect();
                resolve([...seen]);
              };
            }),
          KEY_LIKE.source,
        );
        await choose(page, to);
        await waitForScreen(page, target.heading);
        await page.evaluate(() => (window as unknown as { stopWatching: () => void }).stopWatching());
        keysSeen.push(...(await watching).filter((match) => KEYS.has(match)));
        expect(keysSeen, `${target.path}: ${from} to ${to}`).toEqual([]);
        expect(await rawKeys(page), `${target.path}: ${from} to ${to}`).toEqual([]);
      }
    }
    for (const opened of signedIn.values()) expect(opened.pageErrors).toEqual([]);
  });
});
