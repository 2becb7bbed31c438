import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import {
  AUTH_TITLE,
  saveScreenshot,
  signInAt,
  signInThroughApi,
  submitSignIn,
  waitForHeading,
  waitForPath,
} from './support/pages';
import type { DemoRole } from './support/server';
import { fillTrainerSignUp, type NewTrainer, submitSignUpAndConfirm } from './support/sign-up';

// French is the default language (SPEC 3), so these are the texts of apps/web/src/locales/fr.
const STUDENT_DASHBOARD_TITLE = 'Mon Suivi';
const TRAINER_DASHBOARD_TITLE = 'Tableau de bord';
const ADMIN_DASHBOARD_TITLE = 'Administration';
const UNAUTHORIZED_TITLE = 'Accès refusé';

const journey = useJourney();
const { demo, open } = journey;

describe('demo data', () => {
  it('seeds 1 admin, 2 trainers and 6 students with their password in demo-accounts.txt', () => {
    const count = (role: DemoRole) => journey.demoAccounts.filter((account) => account.role === role).length;
    expect([count('admin'), count('trainer'), count('student')]).toEqual([1, 2, 6]);
  });
});

describe('sign-up, confirmation, sign-in and sign-out', () => {
  it('lets a trainer create an account with an organisation, confirm it by email and reach the trainer dashboard', async () => {
    const opened = await open();
    const { page } = opened;
    const stamp = Date.now();
    const trainer: NewTrainer = {
      firstName: 'Camille',
      lastName: 'Durand',
      email: `formatrice.${stamp}@example.com`,
      password: 'Rivage-Lumiere-42!',
      organizationName: `Organisme E2E ${stamp}`,
    };

    await page.goto('/auth');
    await waitForHeading(page, AUTH_TITLE);
    await saveScreenshot(page, 'auth-signin-fr');
    await fillTrainerSignUp(page, trainer);
    await saveScreenshot(page, 'auth-signup-fr');
    await submitSignUpAndConfirm(page, journey.server, trainer.email);

    await submitSignIn(page, trainer);
    await waitForPath(page, '/trainer/dashboard');
    await waitForHeading(page, TRAINER_DASHBOARD_TITLE);
    // The organisation created at sign-up is the trainer's (createTrainerOrganization).
    await page
      .getByRole('complementary', { name: 'Menu latéral' })
      .getByText(trainer.organizationName, { exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' || url.pathname === '/');
    await waitForHeading(page, AUTH_TITLE);

    // The session is gone on the server too: the trainer space sends back to sign-in.
    await page.goto('/trainer/dashboard');
    await waitForPath(page, '/auth');
    expect(opened.pageErrors).toEqual([]);
  });

  it('takes a demo student to /dashboard after sign-in', async () => {
    const opened = await open();
    await signInAt(opened.page, demo('student', 0), '/dashboard');
    await waitForHeading(opened.page, STUDENT_DASHBOARD_TITLE);
    await saveScreenshot(opened.page, 'student-dashboard-fr');
    expect(opened.pageErrors).toEqual([]);
  });
});

describe('route guards', () => {
  it('sends a signed-in student who opens /trainer/students to /unauthorized', async () => {
    const opened = await open();
    const { page } = opened;
    await signInAt(opened.page, demo('student', 1), '/dashboard');
    await waitForHeading(page, STUDENT_DASHBOARD_TITLE);

    await page.goto('/trainer/students');
    await waitForPath(page, '/unauthorized');
    await waitForHeading(page, UNAUTHORIZED_TITLE);
    // SPEC 4: the guard passes the origin path along.
    await page.getByText('Page demandée : /trainer/students').waitFor();
    expect(opened.pageErrors).toEqual([]);
  });

  it('sends a signed-out visitor of /trainer/students to sign-in and back there after signing in', async () => {
    const opened = await open();
    const { page } = opened;
    await page.goto('/trainer/students');
    await waitForPath(page, '/auth');
    expect(new URL(page.url()).search).toBe('?mode=signin&redirect=%2Ftrainer%2Fstudents');
    await waitForHeading(page, AUTH_TITLE);
    await expect(page.getByRole('tab', { name: 'Connexion' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );

    await submitSignIn(page, demo('trainer', 0));
    await waitForPath(page, '/trainer/students');
    await waitForHeading(page, 'Apprenants');
    expect(opened.pageErrors).toEqual([]);
  });

  it('asks for no data on behalf of a new visitor of /dashboard, and sends them to sign-in', async () => {
    const { page, pageErrors } = await open();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
    await waitForHeading(page, AUTH_TITLE);
    expect(refused).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('admin sign-in', () => {
  it('refuses a trainer and sends them to /unauthorized', async () => {
    const opened = await open();
    const { page } = opened;
    await page.goto('/admin');
    await waitForHeading(page, 'Espace administrateur');
    await submitSignIn(page, demo('trainer', 1));
    await waitForPath(page, '/unauthorized');
    await waitForHeading(page, UNAUTHORIZED_TITLE);
    // Shown both in the page and in a toast, hence first().
    await page.getByText("Vous n'avez pas les droits d'administrateur").first().waitFor();

    // The refused trainer holds no session: the trainer space asks to sign in.
    await page.goto('/trainer/dashboard');
    await waitForPath(page, '/auth');
    expect(opened.pageErrors).toEqual([]);
  });

  it('takes a demo admin from /admin to /admin/dashboard', async () => {
    const opened = await open();
    const { page } = opened;
    await page.goto('/admin');
    await waitForHeading(page, 'Espace administrateur');
    await submitSignIn(page, demo('admin'));
    await waitForPath(page, '/admin/dashboard');
    await waitForHeading(page, ADMIN_DASHBOARD_TITLE);
    await saveScreenshot(page, 'admin-dashboard-fr');
    expect(opened.pageErrors).toEqual([]);
  });
});

describe('language', () => {
  it('switches the sign-in page to English', async () => {
    const opened = await open();
    const { page } = opened;
    await page.goto('/auth');
    await waitForHeading(page, AUTH_TITLE);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await waitForHeading(page, 'Welcome to Cursus');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await saveScreenshot(page, 'auth-signin-en');
    expect(opened.pageErrors).toEqual([]);
  });
});

describe('accessibility (axe-core: no serious or critical violation)', () => {
  for (const theme of ['dark', 'light'] as const) {
    describe(`${theme} theme`, () => {
      it('on both tabs of /auth', async () => {
        const opened = await open({ theme });
        const { page } = opened;
        await page.goto('/auth');
        await waitForHeading(page, AUTH_TITLE);
        const isDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
        expect(isDark).toBe(theme === 'dark');
        await expectNoSeriousViolations(opened.page, `/auth sign-in tab, ${theme}`);

        await page.getByRole('tab', { name: 'Inscription' }).click();
        await page.getByRole('button', { name: 'Créer mon compte' }).waitFor();
        // With the trainer role chosen, the form shows every field it has.
        await page.getByRole('radio', { name: 'Formateur' }).check();
        await page.getByLabel("Nom de l'organisme (optionnel)", { exact: true }).waitFor();
        await expectNoSeriousViolations(opened.page, `/auth sign-up tab, ${theme}`);
        if (theme === 'light') await saveScreenshot(page, 'auth-signup-fr-light');
      });

      it('on the student dashboard', async () => {
        const opened = await open({ theme });
        await signInThroughApi(opened.page, demo('student', theme === 'dark' ? 2 : 3), '/dashboard');
        await waitForHeading(opened.page, STUDENT_DASHBOARD_TITLE);
        await expectNoSeriousViolations(opened.page, `/dashboard, ${theme}`);
        if (theme === 'light') await saveScreenshot(opened.page, 'student-dashboard-fr-light');
      });

      it('on the trainer dashboard', async () => {
        const opened = await open({ theme });
        await signInThroughApi(opened.page, demo('trainer', theme === 'dark' ? 0 : 1), '/trainer/dashboard');
        await waitForHeading(opened.page, TRAINER_DASHBOARD_TITLE);
        await expectNoSeriousViolations(opened.page, `/trainer/dashboard, ${theme}`);
        await saveScreenshot(opened.page, `trainer-dashboard-fr${theme === 'light' ? '-light' : ''}`);
      });

      it('on the admin dashboard', async () => {
        const opened = await open({ theme });
        await signInThroughApi(opened.page, demo('admin'), '/admin/dashboard');
        await opened.page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectNoSeriousViolations(opened.page, `/admin/dashboard, ${theme}`);
      });
    });
  }
});
