import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { type OpenedPage, signInThroughApi } from './support/pages';

// Issue 15's journey: a trainer schedules a one-day session for two learners; in the morning one
// signs by the emailed link, the other by the room's QR code on a 375 px phone; in the afternoon
// both sign by the QR code; the trainer countersigns each half-day and downloads the sheet; a
// certificat de réalisation answers on its public page.
// Texts: apps/web/src/locales/fr/attendance.json and certificates.json.
const HOUR_MS = 3_600_000;

const journey = useJourney();

/** Tomorrow in Paris, as YYYY-MM-DD (late November: Paris is UTC+1). */
function tomorrowInParis(): string {
  return new Date(Date.now() + HOUR_MS + 24 * HOUR_MS).toISOString().slice(0, 10);
}

async function signIn(
  role: 'student' | 'trainer',
  index: number,
  options: { theme?: 'light' | 'dark'; width?: number } = {},
): Promise<OpenedPage> {
  const opened = await journey.open({ theme: options.theme ?? 'light' });
  if (options.width) await opened.page.setViewportSize({ width: options.width, height: 760 });
  await signInThroughApi(
    opened.page,
    journey.demo(role, index),
    role === 'student' ? '/dashboard' : '/trainer/dashboard',
  );
  return opened;
}

/** A signature drawn with the pointer across the pad, as a finger would. */
async function drawOn(pad: Locator) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const page = pad.page();
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(
      box.x + 20 + step * ((box.width - 40) / 12),
      box.y + box.height / 2 + (step % 2 ? -25 : 25),
      {
        steps: 3,
      },
    );
  }
  await page.mouse.up();
}

async function halfDay(page: Page, name: RegExp) {
  const slot = page.getByRole('region', { name });
  await slot.waitFor();
  return slot;
}
const morning = (page: Page) => halfDay(page, /^Matin/);

/** The room's QR code link as the trainer's dialog shows it now (it changes every 30 s). */
async function roomQrPath(dialog: Locator): Promise<string> {
  const href = await dialog.getByRole('link').first().getAttribute('href');
  expect(href).toContain('/sign/q.');
  return new URL(href!, journey.server.baseUrl).pathname;
}

async function signAt(page: Page, path: string) {
  await page.goto(path);
  await drawOn(page.getByRole('img', { name: 'Votre signature' }));
  await page.getByRole('button', { name: 'Signer ma présence' }).click();
  await page.getByText('Présence signée').first().waitFor();
}

async function countersign(page: Page, slot: Locator) {
  await slot.getByRole('button', { name: 'Contresigner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contresigner la demi-journée' });
  await drawOn(dialog.getByRole('img', { name: 'Votre signature de formateur' }));
  await dialog.getByRole('button', { name: 'Contresigner' }).click();
  await slot.getByText(/Contresigné par Julien Moreau/).waitFor();
}

describe('attendance', () => {
  it('collects a link signature and a QR signature on a phone, countersigns and prints the sheet', async () => {
    const trainer = await signIn('trainer', 0, { theme: 'dark' });
    const learners = journey.demoAccounts.filter((account) => account.role === 'student').slice(0, 2);
    const day = tomorrowInParis();
    // Scheduled on the form: title, a full day in Paris time, a place, the two learners.
    await trainer.page.goto('/trainer/group-sessions');
    await trainer.page.getByRole('button', { name: 'Nouvelle session' }).click();
    const form = trainer.page.getByRole('dialog', { name: 'Nouvelle session de groupe' });
    await form.getByLabel('Titre', { exact: true }).fill('Journée Excel en salle');
    await form.getByLabel('Date et heure', { exact: true }).fill(`${day}T09:00`);
    await form.getByLabel('Durée (minutes)', { exact: true }).fill('480');
    await form.getByLabel('Lieu', { exact: true }).fill('Salle Lumière, Lyon');
    const invited = form.getByRole('group', { name: /Apprenants invités/ });
    for (const account of learners) {
      await invited.getByLabel('Rechercher un apprenant de l’organisme').fill(account.email);
      await invited.getByRole('listitem').filter({ hasText: account.email }).getByRole('checkbox').check();
    }
    await expect.poll(() => invited.getByRole('button', { name: /^Retirer / }).count()).toBe(2);
    await form.getByRole('button', { name: 'Programmer la session' }).click();
    await trainer.page
      .getByText('Session programmée : les apprenants invités reçoivent un email.')
      .first()
      .waitFor();
    const sessionId = await trainer.page.evaluate(async () => {
      const list = (await (await fetch('/api/trainer/group-sessions?pageSize=50')).json()) as {
        items: { id: string; title: string }[];
      };
      return list.items.find((item) => item.title === 'Journée Excel en salle')!.id;
    });
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    // The next morning, 09:30 in Paris.
    await journey.server.setClockOffset(Date.parse(`${day}T09:30:00+01:00`) - Date.now());
    await trainer.page.goto(`/trainer/group-sessions/${sessionId}/attendance`);
    const slot = await morning(trainer.page);
    expect(await slot.textContent()).toContain('0 signature sur 2 apprenants');
    await expectNoSeriousViolations(trainer.page, 'attendance sheet (dark)');

    // The emailed link: the first learner signs without even signing in.
    await slot.getByRole('button', { name: 'Envoyer les liens' }).click();
    await trainer.page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const link = await journey.server.waitForEmailLink(learners[0]!.email, '/sign/');
    const byLink = await journey.open({ theme: 'light' });
    await byLink.page.goto(link);
    await drawOn(byLink.page.getByRole('img', { name: 'Votre signature' }));
    await byLink.page.getByRole('button', { name: 'Signer ma présence' }).click();
    await byLink.page.getByText('Présence signée').first().waitFor();
    await expectNoSeriousViolations(byLink.page, 'signing by link (light)');

    // The room's QR code, read on a 375 px phone by the second learner, signed in.
    await slot.getByRole('button', { name: 'QR code' }).click();
    const qrDialog = trainer.page.getByRole('dialog', { name: 'QR code d’émargement' });
    const phone = await signIn('student', 1, { width: 375 });
    await signAt(phone.page, await roomQrPath(qrDialog));
    await expectNoSeriousViolations(phone.page, 'signing by QR code at 375 px (light)');
    await qrDialog.getByRole('button', { name: 'Fermer' }).first().click();

    // Both signatures on the sheet; the trainer countersigns the morning.
    await trainer.page.reload();
    const signed = await morning(trainer.page);
    await expect.poll(() => signed.textContent()).toContain('2 signatures sur 2 apprenants');
    expect(await signed.textContent()).toMatch(/lien e-mail[\s\S]*QR code|QR code[\s\S]*lien e-mail/);
    await countersign(trainer.page, signed);

    // The afternoon, 14:30: both sign again, by the room's QR code this time.
    await journey.server.setClockOffset(Date.parse(`${day}T14:30:00+01:00`) - Date.now());
    await trainer.page.reload();
    const afternoon = await halfDay(trainer.page, /^Après-midi/);
    expect(await afternoon.textContent()).toContain('0 signature sur 2 apprenants');
    await afternoon.getByRole('button', { name: 'QR code' }).click();
    const afternoonQr = trainer.page.getByRole('dialog', { name: 'QR code d’émargement' });
    const first = await signIn('student', 0);
    await signAt(first.page, await roomQrPath(afternoonQr));
    await signAt(phone.page, await roomQrPath(afternoonQr));
    await afternoonQr.getByRole('button', { name: 'Fermer' }).first().click();
    await trainer.page.reload();
    const afternoonSigned = await halfDay(trainer.page, /^Après-midi/);
    await expect.poll(() => afternoonSigned.textContent()).toContain('2 signatures sur 2 apprenants');
    await countersign(trainer.page, afternoonSigned);
    // The morning's signatures are still there beside the afternoon's.
    expect(await (await morning(trainer.page)).textContent()).toContain('2 signatures sur 2 apprenants');

    // The sheet as a PDF an auditor can keep.
    const pdfHref = await trainer.page
      .getByRole('link', { name: 'Télécharger la feuille (PDF)' })
      .getAttribute('href');
    const pdf = await trainer.page.request.get(pdfHref!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    expect(trainer.pageErrors).toEqual([]);
    expect(byLink.pageErrors).toEqual([]);
    expect(phone.pageErrors).toEqual([]);
    expect(first.pageErrors).toEqual([]);
    await journey.server.setClockOffset(0);
  });

  it('shows a certificat de réalisation with its hours, and its public page vouches for it', async () => {
    const trainer = await signIn('trainer', 1);
    await trainer.page.goto('/trainer/certificates');
    const row = trainer.page.getByRole('listitem').filter({ hasText: 'Certificat de réalisation' }).first();
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    // Hours as tracked time is written everywhere ("13 h 55 min", "45 min"; Intl puts a no-break space).
    expect(text).toMatch(/\d+\s(h|min)\b/);
    const code = /code ([A-Z0-9]{16})/.exec(text)?.[1];
    expect(code).toBeTruthy();
    await expectNoSeriousViolations(trainer.page, 'certificates (light)');

    // Anyone holding the code, signed in or not.
    const visitor = await journey.open({ theme: 'dark' });
    await visitor.page.goto(`/certificates/verify/${code}`);
    await visitor.page.getByText('Certificat authentique').waitFor();
    expect(await visitor.page.getByRole('main').textContent()).toMatch(/\d+\s(h|min)\b/);
    await expectNoSeriousViolations(visitor.page, 'certificate verification (dark)');
    expect(visitor.pageErrors).toEqual([]);
    expect(trainer.pageErrors).toEqual([]);
  });
});
