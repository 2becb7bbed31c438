import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { type OpenedPage, signInThroughApi, waitForPath } from './support/pages';
import type { DemoRole } from './support/server';

// SPEC 2: every route a user of each role may open. Ids are made up: a screen must still render
// its frame (or its own "not found" state), never the app's not-found page or an error.
const ID = '00000000-0000-4000-8000-000000000001';
const STUDENT_ROUTES = [
  '/dashboard',
  '/formations',
  `/formations/${ID}`,
  `/formations/${ID}/module/${ID}/lesson/${ID}`,
  `/course/${ID}`,
  `/lesson/${ID}/${ID}`,
  '/questions',
  '/progression',
  '/quizz',
  '/exercises',
  '/coaching',
  '/group-sessions',
  `/group-sessions/${ID}/live`,
  '/student/documents',
  `/student/formations/${ID}`,
  `/student/formations/${ID}/signature`,
  '/student/profile',
  `/questions-hub/${ID}`,
  '/profile',
];
const TRAINER_ROUTES = [
  '/trainer/dashboard',
  '/trainer/compliance',
  '/trainer/courses',
  '/trainer/create-formation',
  '/create-formation',
  `/trainer/formation/${ID}`,
  '/trainer/students',
  `/trainer/students/${ID}`,
  `/student/${ID}`,
  '/trainer/trainers',
  `/trainer/${ID}`,
  '/trainer/quizzes',
  '/trainer/group-sessions',
  '/trainer/signatures',
  '/trainer/certificates',
  '/trainer/settings',
  '/trainer/legal-info',
  '/trainer/connection-logs',
  '/trainer/documents',
  '/trainer/custom-evaluations',
  '/trainer/analytics',
  '/trainer/planning',
  '/trainer/marketplace',
  '/trainer/messages',
  '/trainer/forum',
  `/trainer/forum/${ID}`,
  '/trainer/profile',
  '/trainer/help',
];
const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin/monitoring',
  '/admin/system-monitoring',
  '/admin/health',
  '/admin/organization-onboarding',
  '/admin/group-sessions',
  '/admin/quizzes',
  `/admin/organization/${ID}`,
  '/assign-organization',
  `/admin/trainer/${ID}`,
  `/admin/student/${ID}`,
  '/admin/document-requirements',
  '/admin/improvements',
  '/admin/courses',
  '/admin/students',
  '/admin/trainers',
  '/admin/analytics',
  '/admin/settings',
  '/admin/profile',
];
const PUBLIC_ROUTES = [
  '/terms',
  '/privacy',
  '/legal',
  '/cookies',
  '/why-oss-lms',
  '/install',
  '/knowledge-base',
];
const REDIRECTS: [string, string, DemoRole][] = [
  ['/ui', '/dashboard', 'student'],
  ['/user-interface', '/dashboard', 'student'],
  ['/student-dashboard', '/dashboard', 'student'],
  ['/student/dashboard', '/dashboard', 'student'],
  ['/courses', '/formations', 'student'],
  ['/trainer/qualiopi', '/trainer/compliance', 'trainer'],
  ['/trainer/communication', '/trainer/messages', 'trainer'],
  ['/trainer/store', '/trainer/marketplace', 'trainer'],
  ['/questions-hub', '/trainer/forum', 'trainer'],
  ['/trainer', '/trainer/dashboard', 'trainer'],
];
/** Where the app takes each role after signing in. */
const HOMES: Record<DemoRole, string> = {
  student: '/dashboard',
  trainer: '/trainer/dashboard',
  admin: '/admin/dashboard',
};
const NOT_FOUND_TITLE = 'Page introuvable';
/** openPage's viewport, and a phone's. */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const journey = useJourney();
const signedIn = new Map<DemoRole, OpenedPage>();

async function pageFor(role: DemoRole): Promise<Page> {
  const existing = signedIn.get(role);
  if (existing) return existing.page;
  const account = journey.demo(role);
  const opened = await journey.open();
  await signInThroughApi(opened.page, account, HOMES[role]);
  signedIn.set(role, opened);
  return opened.page;
}

/** Opens a path and waits for the page's heading: the screen a person would see. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  return { heading: (await heading.textContent())?.trim() ?? '', pathname: new URL(page.url()).pathname };
}

describe('every route of SPEC 2', () => {
  for (const [role, routes] of [
    ['student', STUDENT_ROUTES],
    ['trainer', TRAINER_ROUTES],
    ['admin', ADMIN_ROUTES],
  ] as const) {
    // Each route is judged at desktop width, then at a phone's 375 px on the same load: resizing
    // re-lays the page out as a phone would (media queries and resize listeners), without loading
    // every page twice.
    it(`renders each ${role} route for a demo ${role}, also on a 375 px screen`, async () => {
      const page = await pageFor(role);
      for (const path of routes) {
        await page.setViewportSize(DESKTOP);
        const { heading, pathname } = await visit(page, path);
        expect(pathname, path).toBe(path);
        expect(heading, path).not.toBe(NOT_FOUND_TITLE);
        expect(heading, path).not.toBe('Accès refusé');
        await page.setViewportSize(PHONE);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Nothing may overflow sideways: a phone user cannot scroll to it.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      }
      await page.setViewportSize(DESKTOP);
      expect(signedIn.get(role)!.pageErrors).toEqual([]);
    });
  }

  it('lets an admin open trainer and student pages (admin passes every guard)', async () => {
    const page = await pageFor('admin');
    for (const path of ['/trainer/dashboard', '/trainer/students', '/dashboard']) {
      expect((await visit(page, path)).pathname).toBe(path);
    }
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`shows the public pages to visitors, without serious accessibility violations (${theme} theme)`, async () => {
      const opened = await journey.open({ theme });
      for (const path of PUBLIC_ROUTES) {
        const { heading, pathname } = await visit(opened.page, path);
        expect(pathname).toBe(path);
        expect(heading).not.toBe(NOT_FOUND_TITLE);
        await expectNoSeriousViolations(opened.page, `${path}, ${theme}`);
      }
      expect(opened.pageErrors).toEqual([]);
      await opened.context.close();
    });
  }

  it('follows every redirect of SPEC 2 and the friendly-redirect lookup', async () => {
    for (const [from, to, role] of REDIRECTS) {
      const page = await pageFor(role);
      await page.goto(from);
      await waitForPath(page, to).catch(() => {
        throw new Error(`${from} should lead to ${to}, stayed on ${page.url()}`);
      });
    }
  });

  it('opens a page typed with a trailing slash', async () => {
    const page = await pageFor('trainer');
    const plain = await visit(page, '/trainer/students');
    const slashed = await visit(page, '/trainer/students/');
    expect(slashed.heading).toBe(plain.heading);
  });

  it('records a visit to a page that does not exist', async () => {
    const page = await pageFor('student');
    const reported = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/system/not-found') && response.request().method() === 'POST',
    );
    const { heading } = await visit(page, '/no/such/page');
    expect(heading).toBe(NOT_FOUND_TITLE);
    expect((await reported).status()).toBe(200);
  });
});

describe('shell preferences and navigation', () => {
  it('keeps the language chosen, across a reload and on the account', async () => {
    const page = await pageFor('trainer');
    await visit(page, '/trainer/dashboard');
    // The choice is saved on the account: reload once the server has it, as the account is what a reload reads.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/auth/preferences') && response.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // Back to French for the other journeys of this account.
    await page.getByRole('button', { name: 'FR', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  });

  it('keeps the theme chosen across a reload', async () => {
    const page = await pageFor('student');
    await visit(page, '/dashboard');
    expect(await page.locator('html').getAttribute('class')).toContain('dark');
    await page.getByRole('button', { name: 'Activer le thème clair' }).first().click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('button', { name: 'Activer le thème sombre' }).first().click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  });

  it('minimises the sidebar with Ctrl+B on desktop', async () => {
    const page = await pageFor('trainer');
    await visit(page, '/trainer/students');
    const sidebar = page.getByRole('complementary', { name: 'Menu latéral' });
    const before = (await sidebar.boundingBox())!.width;
    await page.keyboard.press('Control+b');
    await page.waitForFunction((width) => {
      const aside = document.querySelector('aside');
      return aside !== null && aside.getBoundingClientRect().width < width;
    }, before);
    await page.keyboard.press('Control+b');
    await page.waitForFunction((width) => {
      const aside = document.querySelector('aside');
      return aside !== null && aside.getBoundingClientRect().width === width;
    }, before);
  });

  it('hides the top bar scrolling down, shows the floating menu button on mobile, and collapses it scrolling up', async () => {
    await pageFor('trainer');
    const page = await signedIn.get('trainer')!.context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await visit(page, '/trainer/profile');
    await page.mouse.move(200, 400);
    const topBar = page.locator('header[data-state]');
    expect(await topBar.getAttribute('data-state')).toBe('expanded');
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(
      () => document.querySelector('header[data-state]')?.getAttribute('data-state') === 'hidden',
    );
    // The floating button opens the drawer even with the bar out of sight.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).last().click();
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    await page.mouse.wheel(0, -100);
    await page.waitForFunction(
      () => document.querySelector('header[data-state]')?.getAttribute('data-state') === 'collapsed',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => document.querySelector('header[data-state]')?.getAttribute('data-state') === 'expanded',
    );
    await page.close();
  });

  it('opens the menu as a left drawer on a 375 px screen', async () => {
    await pageFor('trainer');
    const page = await signedIn.get('trainer')!.context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await visit(page, '/trainer/dashboard');
    const students = page.getByRole('link', { name: 'Apprenants', exact: true });
    expect(await students.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('button', { name: 'Apprenants' }).first().click();
    await students.first().click();
    await waitForPath(page, '/trainer/students');
    await expectNoSeriousViolations(page, 'the menu drawer on a 375 px screen');
    await page.close();
  });
});
