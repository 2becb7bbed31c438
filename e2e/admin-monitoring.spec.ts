import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi, waitForHeading, waitForSettled } from './support/pages';

// Issue 17 point 3: the admin's monitoring screens on the demo's logs and alerts (seed-demo-system.ts):
// filter the logs, read an entry, resolve the open alert, check the health; axe in both themes.
const journey = useJourney();

/** Waits for the data, not for a time: no loading state left on screen. */
async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, journey.demo('admin'), '/admin/dashboard');
}

describe('the admin’s monitoring', () => {
  it('filters the logs, resolves the open alert and reads the health, in the light theme', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'light' });
    await signInAsAdmin(page);

    await page.goto('/admin/monitoring?period=7d');
    await waitForHeading(page, 'Journaux système');
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/monitoring, light');
    await page.getByLabel('Gravité').selectOption('critical');
    const critical = page.getByRole('button', {
      name: /^Voir le détail : new row violates row-level security/,
    });
    await critical.waitFor();
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
    await critical.click();
    const detail = page.getByRole('dialog', { name: 'Détail du journal' });
    await detail.getByText('LessonEditor').waitFor();
    await expectNoSeriousViolations(page, '/admin/monitoring detail, light');
    await detail.getByRole('button', { name: 'Fermer' }).first().click();

    await page.goto('/admin/system-monitoring');
    await waitForHeading(page, 'Alertes système');
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/system-monitoring, light');
    await page.getByRole('button', { name: 'Marquer comme résolue' }).click();
    await page.getByText('Aucune alerte non résolue').first().waitFor();
    await page.getByLabel('État').selectOption('resolved');
    await expect
      .poll(() => page.getByRole('list', { name: 'Alertes' }).getByRole('listitem').count())
      .toBe(2);

    await page.goto('/admin/health');
    await waitForHeading(page, 'Santé du système');
    await waitForSettled(page);
    await page.getByRole('region', { name: 'Base de données' }).waitFor();
    await expectNoSeriousViolations(page, '/admin/health, light');
    expect(pageErrors).toEqual([]);
  });

  it('shows the three screens without serious accessibility violations in the dark theme', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'dark' });
    await signInAsAdmin(page);
    for (const [path, title] of [
      ['/admin/monitoring?period=7d', 'Journaux système'],
      ['/admin/system-monitoring?status=all', 'Alertes système'],
      ['/admin/health', 'Santé du système'],
    ] as const) {
      await page.goto(path);
      await waitForHeading(page, title);
      await waitForSettled(page);
      await expectNoSeriousViolations(page, `${path}, dark`);
    }
    expect(pageErrors).toEqual([]);
  });
});
