import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi, submitSignIn, waitForHeading, waitForPath, waitForSettled } from './support/pages';

// Issue 17 point 3: the admin space's organisations. The demo's admin onboards an organisation, its
// first trainer accepts the emailed invitation and lands in it; every new screen passes axe in both themes.
const journey = useJourney();

const ORGANIZATION = 'Centre de Formation des Dunes';
const MANAGER = { firstName: 'Paul', lastName: 'Mercier', email: 'paul.mercier@dunes.example' };
const PASSWORD = 'Vif-Argent-42';

/** Waits for the data, not for a time: no loading state left on screen. */
async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, journey.demo('admin'), '/admin/dashboard');
}

describe('the admin space', () => {
  it('onboards an organisation whose trainer accepts the invitation and lands in it', async () => {
    const admin = await journey.open({ theme: 'light' });
    const { page } = admin;
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Derniers organismes' }).waitFor();
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/dashboard, light');

    await page.goto('/admin/organization-onboarding');
    await waitForHeading(page, 'Organismes');
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/organization-onboarding, light');
    await page.getByLabel("Nom de l'organisme").fill(ORGANIZATION);
    await page.getByLabel('Prénom').fill(MANAGER.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(MANAGER.lastName);
    await page.getByLabel('Adresse e-mail').fill(MANAGER.email);
    await page.getByLabel("Langue de l'invitation").selectOption('fr');
    await page.getByRole('button', { name: 'Créer et inviter' }).click();
    const open = page.getByRole('link', { name: `Ouvrir la page de « ${ORGANIZATION} »` });
    await open.waitFor();

    // The trainer chooses a password from the emailed link and signs in to the new organisation.
    const trainer = await journey.open({ theme: 'dark' });
    const link = await journey.server.waitForEmailLink(MANAGER.email, '/reset-password');
    await trainer.page.goto(link);
    await trainer.page.getByLabel('Nouveau mot de passe', { exact: true }).fill(PASSWORD);
    await trainer.page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(PASSWORD);
    await trainer.page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await waitForPath(trainer.page, '/auth');
    await submitSignIn(trainer.page, { email: MANAGER.email, password: PASSWORD });
    await waitForPath(trainer.page, '/trainer/dashboard');
    await trainer.page.getByText(ORGANIZATION).first().waitFor();

    // The admin finds the trainer, now arrived, and the onboarding in the organisation's audit log.
    await open.click();
    await waitForHeading(page, ORGANIZATION);
    await waitForSettled(page);
    await expectNoSeriousViolations(page, 'organisation overview, light');
    await page.getByRole('tab', { name: 'Formateurs' }).click();
    const row = page.getByRole('row', { name: new RegExp(`${MANAGER.firstName} ${MANAGER.lastName}`) });
    await row.getByText('Responsable').waitFor();
    expect(await row.getByText('Invitation en attente').count()).toBe(0);
    await page.getByRole('tab', { name: "Journal d'audit" }).click();
    await page.getByText(`Organisme « ${ORGANIZATION} » créé`).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('audit');
    await expectNoSeriousViolations(page, 'organisation audit log, light');
    expect(admin.pageErrors).toEqual([]);
    expect(trainer.pageErrors).toEqual([]);
  });

  it('shows every tab of an organisation and the dashboard without serious violations (dark theme)', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'dark' });
    await signInAsAdmin(page);
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/dashboard, dark');
    await page.goto('/admin/organization-onboarding');
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/organization-onboarding, dark');
    await page.getByRole('link', { name: 'Organisme Démo' }).click();
    await waitForHeading(page, 'Organisme Démo');
    for (const tab of ['overview', 'trainers', 'students', 'questions', 'formations', 'audit']) {
      await page.goto(`${new URL(page.url()).pathname}?tab=${tab}`);
      await waitForHeading(page, 'Organisme Démo');
      await waitForSettled(page);
      await expectNoSeriousViolations(page, `organisation ${tab}, dark`);
    }
    // Assigning a formation: the catalogue in its dialog.
    await page.goto(`${new URL(page.url()).pathname}?tab=formations`);
    await page.getByRole('button', { name: 'Attribuer une formation' }).click();
    await page.getByRole('dialog').getByRole('radio').first().waitFor();
    await expectNoSeriousViolations(page, 'assign a formation, dark');
    expect(pageErrors).toEqual([]);
  });
});
