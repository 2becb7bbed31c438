import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi, waitForHeading, waitForSettled } from './support/pages';

// Issue 17 point 3: the admin space's people, document requirements and settings, with the demo's
// two organisations; every new screen passes axe in both themes.
const journey = useJourney();

const SECOND_ORGANIZATION = 'Atelier Numérique Lyon';

/** Waits for the data, not for a time: no loading state left on screen. */
async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, journey.demo('admin'), '/admin/dashboard');
}

async function check(page: Page, label: string) {
  await waitForSettled(page);
  expect(await page.getByText('Cet écran arrive avec une prochaine version').count(), label).toBe(0);
  await expectNoSeriousViolations(page, label);
}

describe("the admin space's people and documents", () => {
  it('filters learners and trainers by organisation, reviews documents and opens an organisation’s settings', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'light' });
    await signInAsAdmin(page);

    await page.goto('/admin/students');
    await waitForHeading(page, 'Apprenants de la plateforme');
    await page.getByRole('link', { name: 'Léa Martin' }).waitFor();
    await check(page, '/admin/students, light');
    await page.getByLabel('Organisme', { exact: true }).selectOption({ label: SECOND_ORGANIZATION });
    const camille = page.getByRole('link', { name: 'Camille Roux' });
    await camille.waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Léa Martin' }).count()).toBe(0);
    await camille.click();
    await page.getByText(`Organisme : ${SECOND_ORGANIZATION}`).waitFor();
    // Issue 19: the account's security panel, checked by axe with the rest of the page.
    await page.getByRole('region', { name: 'Sécurité du compte' }).getByText('Compte actif').waitFor();
    await check(page, '/admin/student/:id, light');
    // The erasure a learner may ask the platform for: the dialog says their organisation's period.
    await page.getByRole('button', { name: "Effacer l'apprenant…" }).click();
    const erasure = page.getByRole('alertdialog', { name: 'Effacer cet apprenant ?' });
    await erasure.getByRole('heading', { name: /Gardé sans nom jusqu'au/ }).waitFor();
    await erasure.getByText(/ans, réglage de l'organisme/).waitFor();
    await check(page, '/admin/student/:id, erasure dialog');
    await erasure.getByRole('button', { name: 'Annuler' }).click();
    await erasure.waitFor({ state: 'detached' });

    await page.goto('/admin/trainers');
    await waitForHeading(page, 'Formateurs de la plateforme');
    await page.getByRole('link', { name: 'Julien Moreau' }).click();
    await page.getByText('Organisme : Organisme Démo').waitFor();
    await check(page, '/admin/trainer/:id, light');

    await page.goto('/admin/document-requirements');
    await waitForHeading(page, 'Documents exigés');
    await page.getByRole('button', { name: 'Ajouter une exigence' }).click();
    const form = page.getByRole('dialog', { name: 'Ajouter une exigence' });
    await form.getByLabel('Nom').fill('Attestation de formation de formateur');
    await form.getByLabel('Catégorie du document attendu').selectOption('other');
    await form.getByLabel('Mot du titre (facultatif)').fill('formateur');
    await expectNoSeriousViolations(page, 'requirement form, light');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('rowheader', { name: 'Attestation de formation de formateur' }).waitFor();
    await check(page, '/admin/document-requirements, light');

    // A new page: the saved requirement's toast would be judged mid-animation on the next one.
    await page.goto('/admin/document-requirements?tab=checks');
    await page.getByRole('tab', { name: 'Contrôle par organisme', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Organisme Démo' }).click();
    await waitForHeading(page, 'Documents exigés');
    await page.getByRole('heading', { name: 'Documents de Organisme Démo' }).waitFor();
    // Checked before the reviews: their toasts fade in over the page.
    await check(page, 'organisation checks, light');
    await page.getByRole('button', { name: 'Refuser « Règlement intérieur »' }).click();
    const refusal = page.getByRole('dialog', { name: 'Refuser le document' });
    await refusal.getByLabel('Motif du refus').fill('La version signée par le dirigeant est attendue.');
    await refusal.getByRole('button', { name: 'Refuser' }).click();
    // The reason as the list shows it, once the dialog that typed it has closed.
    await refusal.waitFor({ state: 'hidden' });
    await page
      .getByRole('list', { name: 'Documents de l’organisme' })
      .getByText('La version signée par le dirigeant est attendue.')
      .waitFor();
    await page.getByLabel('Rechercher un apprenant').fill('Léa');
    await page.getByRole('heading', { name: 'Léa Martin' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Hugo Bernard' }).count()).toBe(0);
    await page.getByRole('button', { name: "Valider « Pièce d'identité »" }).click();
    await page
      .getByRole('dialog', { name: 'Valider le document' })
      .getByRole('button', { name: 'Valider' })
      .click();
    await page.getByText('Document validé').waitFor();

    await page.goto('/admin/settings');
    await waitForHeading(page, 'Paramètres de la plateforme');
    await page.getByLabel('Organisme', { exact: true }).selectOption({ label: SECOND_ORGANIZATION });
    await page.getByRole('button', { name: 'Enregistrer les informations légales' }).waitFor();
    await check(page, '/admin/settings, light');
    expect(pageErrors).toEqual([]);
  });

  it('shows each new screen without serious violations (dark theme)', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'dark' });
    await signInAsAdmin(page);
    for (const [path, heading] of [
      ['/admin/students', 'Apprenants de la plateforme'],
      ['/admin/trainers', 'Formateurs de la plateforme'],
      ['/admin/document-requirements', 'Documents exigés'],
      ['/admin/document-requirements?tab=checks', 'Documents exigés'],
      ['/admin/settings', 'Paramètres de la plateforme'],
    ] as const) {
      await page.goto(path);
      await waitForHeading(page, heading);
      await check(page, `${path}, dark`);
    }
    await page.getByLabel('Organisme', { exact: true }).selectOption({ label: 'Organisme Démo' });
    await page.getByRole('button', { name: 'Enregistrer les informations légales' }).waitFor();
    await check(page, 'organisation legal info, dark');
    await page.goto('/admin/students');
    await page.getByRole('link', { name: 'Léa Martin' }).click();
    await page.getByText('Organisme : Organisme Démo').waitFor();
    await check(page, '/admin/student/:id, dark');
    await page.goto('/admin/document-requirements?tab=checks');
    await page.getByRole('button', { name: SECOND_ORGANIZATION }).click();
    await page.getByRole('heading', { name: `Documents de ${SECOND_ORGANIZATION}` }).waitFor();
    await check(page, 'organisation checks, dark');
    expect(pageErrors).toEqual([]);
  });
});
