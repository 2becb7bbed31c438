import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

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

export interface PageOptions {
  /** SPEC 9's default is dark. */
  theme?: 'light' | 'dark';
  /**
   * Lets the app install its service worker, for the journeys about the installed app and offline
   * use. Elsewhere it is blocked: in each fresh context it precached the whole build (317 files, 3
   * MB) beside the journey, about a sixth of the journeys' CPU on the 2-core machine (routes and
   * courses: 137 and 141 s of CPU with it, 118 and 110 without).
   */
  serviceWorker?: boolean;
}

/** A fresh context (no cookies, no storage) per journey. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: PageOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
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

/**
 * Signs in with the request the sign-in form sends, then opens `landingPath`: for journeys about what
 * follows signing in, while auth.spec.ts and two-factor.spec.ts go through the form itself. The
 * session cookie lands in the page's context as the form's request would leave it. In a run on the
 * 2-core machine the form cost about 2 s a sign-in (0.5 s to load it, 1.6 s from submit to the
 * redirect), the request alone about 0.3 s.
 */
export async function signInThroughApi(page: Page, account: Credentials, landingPath: string) {
  const response = await page.context().request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
  });
  const body: unknown = await response.json().catch(() => null);
  // Demo accounts have no second factor: anything but a session is a failed sign-in.
  if (!response.ok() || typeof body !== 'object' || body === null || !('user' in body)) {
    throw new Error(`Sign-in of ${account.email} answered ${response.status()}: ${JSON.stringify(body)}`);
  }
  await page.goto(landingPath);
  // As after the form: the page shown, not its first bytes, before the journey goes on.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const pathname = new URL(page.url()).pathname;
  if (pathname !== landingPath) {
    throw new Error(`Signed in as ${account.email}, ${landingPath} led to ${pathname}`);
  }
}

/** Until no part of the page says it is loading (a busy region, or a "Chargement" status). */
export async function waitForSettled(page: Page) {
  await expect
    .poll(() => page.locator('[aria-busy="true"], [role="status"]:has-text("Chargement")').count())
    .toBe(0);
}

/** Kept in e2e/screenshots/ (git-ignored) for people to look at; nothing compares them. */
export async function saveScreenshot(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
}
