import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi, waitForHeading, waitForSettled } from './support/pages';

// Issue 17 point 4: the funding platform sends a signed delivery to the demo organisation's receiver;
// the admin sees it in the logs and in the recent-logs panel, and replays it. Axe in both themes.
const journey = useJourney();

const TITLE = 'Notifications de la plateforme de financement';
const ATTENDEE = 'journey.financement@exemple.fr';

async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, journey.demo('admin'), '/admin/dashboard');
}

/** Signed as docs/funding-webhooks.md says, independently of the server's code. */
function deliver(url: string, secret: string, body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-funding-timestamp': timestamp,
      'x-funding-delivery-id': `dlv_${randomUUID()}`,
      'x-funding-signature': createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'),
    },
    body,
  });
}

describe('funding-platform webhooks', () => {
  it('logs a signed delivery, shows it in the panel and replays it', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'light' });
    await signInAsAdmin(page);
    await page.goto('/admin/funding-webhooks');
    await waitForHeading(page, TITLE);
    await waitForSettled(page);

    // The demo organisation's receiver: its address and its secret, revealed by the admin.
    await page.getByRole('tab', { name: 'Réception par organisme' }).click();
    await page.getByLabel('Organisme', { exact: true }).selectOption({ label: 'Organisme Démo' });
    const address = (await page.locator('code').first().textContent())!;
    expect(address).toMatch(/\/api\/webhooks\/funding\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Afficher le secret' }).click();
    const secret = await page.getByLabel('Secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/funding-webhooks (receiver), light');

    const body = JSON.stringify({
      type: 'registrationFolder.accepted',
      registrationFolder: {
        id: 'RF-JOURNEY-1',
        trainingReference: 'RS5487-ECRIT-PRO-2026',
        startDate: '2026-09-07',
        endDate: '2026-10-30',
        attendee: { email: ATTENDEE, firstName: 'Jeanne', lastName: 'Parcours' },
      },
    });
    const answer = await deliver(
      new URL(new URL(address).pathname, journey.server.baseUrl).toString(),
      secret,
      body,
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { status: string }).status).toBe('accepted');
    const forged = await deliver(
      new URL(new URL(address).pathname, journey.server.baseUrl).toString(),
      'whsec_wrong',
      body,
    );
    expect(forged.status).toBe(401);

    // In the log: processed, and its attendee is now a learner of the organisation.
    await page.getByRole('tab', { name: 'Journal' }).click();
    await page.getByLabel('Rechercher').fill('RF-JOURNEY-1');
    const row = page.locator('tr', { hasText: 'Traité' }).filter({ hasText: 'RF-JOURNEY-1' });
    await row.waitFor();
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/funding-webhooks (log), light');

    await page.getByRole('button', { name: 'Dernières notifications' }).click();
    const panel = page.getByRole('dialog', {
      name: 'Dernières notifications de la plateforme de financement',
    });
    await panel.getByText('RF-JOURNEY-1').first().waitFor();
    await expectNoSeriousViolations(page, 'recent webhook logs panel, light');
    await panel.getByRole('button', { name: 'Fermer' }).click();

    await row.getByRole('button', { name: /Détail de la notification/ }).click();
    const detail = page.getByRole('dialog', { name: /Notification du/ });
    await detail.getByText('"RF-JOURNEY-1"').waitFor();
    await expectNoSeriousViolations(page, 'webhook log detail, light');
    await detail.getByRole('button', { name: 'Rejouer' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rejouer cette notification ?' })
      .getByRole('button', { name: 'Rejouer' })
      .click();
    await page.getByText('Notification rejouée : Traité.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('passes axe on the logs, the receiver, the panel and the admin profile in the dark theme', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'dark' });
    await signInAsAdmin(page);
    await page.goto('/admin/funding-webhooks');
    await waitForHeading(page, TITLE);
    await page.getByRole('cell', { name: 'Organisme Démo' }).first().waitFor();
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/funding-webhooks (log), dark');
    await page.getByRole('tab', { name: 'Réception par organisme' }).click();
    await page.getByLabel('Organisme', { exact: true }).selectOption({ label: 'Organisme Démo' });
    await page.getByText('RS5487-ECRIT-PRO-2026').waitFor();
    await waitForSettled(page);
    await expectNoSeriousViolations(page, '/admin/funding-webhooks (receiver), dark');

    await page.goto('/admin/profile');
    await page.getByRole('button', { name: 'Dernières notifications' }).click();
    const panel = page.getByRole('dialog', {
      name: 'Dernières notifications de la plateforme de financement',
    });
    await panel.getByRole('listitem').first().waitFor();
    await expectNoSeriousViolations(page, 'recent webhook logs panel on /admin/profile, dark');
    expect(pageErrors).toEqual([]);
  });
});
