import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi } from './support/pages';

// Issue 17 point 2: the platform's improvement actions (Qualiopi indicator 32). The demo's admin plans
// one, then closes it with its evidence file; the page passes axe in both themes. The organisations'
// registers are tabs of /trainer/compliance, checked by their component tests and compliance.spec.ts.
const journey = useJourney();

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const TITLE = 'Traduire l’aide en ligne en anglais';

/** Waits for the data, not for a time: no loading state left on screen. */
async function settled(page: Page) {
  await expect
    .poll(() => page.locator('[aria-busy="true"], [role="status"]:has-text("Chargement")').count())
    .toBe(0);
}

describe('the platform improvement actions', () => {
  it('lets an admin plan an action and close it with its evidence, in both themes', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'light' });
    await signInThroughApi(page, journey.demo('admin'), '/admin/dashboard');

    await page.goto('/admin/improvements');
    await page.getByRole('heading', { level: 1, name: 'Actions d’amélioration de la plateforme' }).waitFor();
    // The demo's two platform actions.
    await page.getByText('2 actions').waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, '/admin/improvements, light');

    await page.getByRole('button', { name: 'Nouvelle action' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle action d’amélioration' });
    await form.getByLabel('Action', { exact: true }).fill(TITLE);
    await form.getByLabel('Description').fill('Les organismes anglophones le demandent dans leurs retours.');
    await form.getByLabel('Origine').selectOption('learner_feedback');
    await form.getByLabel('Responsable').selectOption({ label: 'Claire Dubois' });
    await form.getByLabel('Échéance').fill('2099-06-30');
    await expectNoSeriousViolations(page, '/admin/improvements (new action), light');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByText('3 actions').waitFor();

    await page.getByRole('button', { name: `Clôturer ${TITLE}` }).click();
    const closing = page.getByRole('dialog', { name: 'Clôturer l’action' });
    await closing.getByLabel('Preuve de clôture').fill('Aide traduite et relue ; publiée le jour même.');
    await closing.getByLabel('Fichier de preuve').setInputFiles({
      name: 'aide-en.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await closing.getByRole('button', { name: 'Clôturer l’action' }).click();
    const evidence = page.getByRole('link', { name: 'Preuve : aide-en.pdf' });
    await evidence.waitFor();
    expect(await page.getByRole('button', { name: `Clôturer ${TITLE}` }).count()).toBe(0);

    // The evidence downloads, and the admin's writes are in the audit log.
    const href = (await evidence.getAttribute('href')) ?? '';
    const status = await page.evaluate(async (url) => (await fetch(url)).status, href);
    expect(status).toBe(200);
    const actions = await page.evaluate(async () => {
      const log = (await (await fetch('/api/admin/audit-log')).json()) as { items: { action: string }[] };
      return log.items.map((entry) => entry.action);
    });
    expect(actions).toEqual(
      expect.arrayContaining(['improvement_action.create', 'improvement_action.close']),
    );
    expect(pageErrors).toEqual([]);

    const dark = await journey.open({ theme: 'dark' });
    await signInThroughApi(dark.page, journey.demo('admin'), '/admin/dashboard');
    await dark.page.goto('/admin/improvements');
    await dark.page.getByRole('heading', { name: TITLE }).waitFor();
    await settled(dark.page);
    await expectNoSeriousViolations(dark.page, '/admin/improvements, dark');
    await dark.page.getByRole('button', { name: 'Nouvelle action' }).click();
    await dark.page.getByRole('dialog', { name: 'Nouvelle action d’amélioration' }).waitFor();
    await expectNoSeriousViolations(dark.page, '/admin/improvements (new action), dark');
    expect(dark.pageErrors).toEqual([]);
  });
});
