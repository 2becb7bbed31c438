import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { saveScreenshot, signInAt, signInThroughApi, submitSignIn, waitForPath } from './support/pages';

/**
 * What the trainer's authenticator app does (RFC 6238: base32 secret, SHA-1, 6 digits, 30 s), on
 * real time like the server's check: no clock is moved in this journey.
 */
function totp(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.toUpperCase()]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 15;
  return ((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

const journey = useJourney();
/** The trainer who turned it on in the first journey, and lost their phone in the second. */
let trainerId = '';

describe('two-factor authentication', () => {
  it('lets a trainer turn it on from the profile, then sign in with a code from the app', async () => {
    const { page, pageErrors } = await journey.open();
    // The last demo trainer: the other journeys sign in with the first ones.
    const trainer = journey.demo('trainer', 1);
    await signInAt(page, trainer, '/trainer/dashboard');

    await page.goto('/trainer/profile#two-factor');
    const section = page.getByRole('region', { name: 'Double authentification' });
    await section.getByRole('button', { name: 'Activer la double authentification' }).click();
    await section.getByLabel('Mot de passe actuel').fill(trainer.password);
    await section.getByRole('button', { name: 'Continuer' }).click();
    await section.getByRole('img', { name: /QR code/ }).waitFor();
    await expectNoSeriousViolations(page, 'two-factor enrolment');
    const secret = (await section.locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await section.getByLabel('Code à 6 chiffres').fill(totp(secret));
    await section.getByRole('button', { name: 'Activer', exact: true }).click();
    const codes = section.getByRole('list', { name: 'Codes de secours' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await section.getByRole('button', { name: "J'ai enregistré mes codes" }).click();
    await section.getByText('Activée', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' || url.pathname === '/');
    await page.goto('/auth?mode=signin');
    await submitSignIn(page, trainer);
    const code = page.getByLabel('Code de vérification');
    await code.waitFor();
    await expectNoSeriousViolations(page, 'sign-in code step');
    await code.fill(totp(secret));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await waitForPath(page, '/trainer/dashboard');
    trainerId = (await (await page.request.get('/api/auth/session')).json()).user.id;
    expect(pageErrors).toEqual([]);
  });

  it('lets an admin remove it for a trainer who lost their phone and codes, who then signs in with the password', async () => {
    expect(trainerId).not.toBe('');
    const { page, pageErrors } = await journey.open({ theme: 'light' });
    await signInThroughApi(page, journey.demo('admin'), `/admin/trainer/${trainerId}`);
    const panel = page.getByRole('region', { name: 'Sécurité du compte' });
    await panel.getByText('Double authentification activée').waitFor();
    await panel.getByRole('button', { name: 'Retirer la double authentification' }).click();
    const dialog = page.getByRole('alertdialog', {
      name: 'Retirer la double authentification de ce compte ?',
    });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, 'removing a second factor');
    await saveScreenshot(page, 'two-factor-removal-confirmation');
    await dialog.getByRole('button', { name: 'Retirer', exact: true }).click();
    await panel.getByText('Sans double authentification').waitFor();
    const trainer = journey.demo('trainer', 1);
    // The owner is told, and offered the password reset in case someone else asked.
    await journey.server.waitForEmailLink(trainer.email, '/forgot-password');

    const signingIn = await journey.open();
    await signInAt(signingIn.page, trainer, '/trainer/dashboard');
    expect([...pageErrors, ...signingIn.pageErrors]).toEqual([]);
  });
});
