import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));
/** Playwright's own default for an action or a wait, set here for every journey. */
const ACTION_TIMEOUT_MS = 30_000;

export interface Credentials {
  email: string;
  password: string;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions thrown in the page; a journey ends by asserting there were none. */
  pageErrors: Error[];
}

/** A fresh context (no cookies, no storage) per journey, optionally in the light theme (SPEC 9 default is dark). */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: { theme?: 'light' | 'dark' } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  // What a user waits for (a text, a page, a button) may take long on a loaded 2-core CI machine; the
  // cap stays far below a journey's own limit (vitest.config.ts), so a missing text fails with its message.
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  if (options.theme) {
    // Set before any page script runs, as a returning visitor's saved preference would be.
    await context.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme);
  }
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/** Resolves once the browser is on `pathname` (query ignored). */
export function waitForPath(page: Page, pathname: string) {
  return page.waitForURL((url) => url.pathname === pathname);
}

/** Fills the sign-in form the page shows (/auth or /admin) and submits it. */
export async function submitSignIn(page: Page, account: Credentials, submitLabel = 'Se connecter') {
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: submitLabel, exact: true }).click();
}

/** The page's one <h1>, once it shows. */
export async function waitForHeading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** The heading of /auth in French, the default language (apps/web/src/locales/fr/auth.json). */
export const AUTH_TITLE = 'Bienvenue sur Cursus';

/** Signs in on /auth and waits until the app has taken the account to `landingPath`. */
export async function signInAt(page: Page, account: Credentials, landingPath: string) {
  await page.goto('/auth?mode=signin');
  await waitForHeading(page, AUTH_TITLE);
  await submitSignIn(page, account);
  await waitForPath(page, landingPath);
}

/** Kept in e2e/screenshots/ (git-ignored) for people to look at; nothing compares them. */
export async function saveScreenshot(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
}
