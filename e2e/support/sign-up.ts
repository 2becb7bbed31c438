import type { Page } from 'playwright-core';
import type { Credentials } from './pages';
import type { RunningServer } from './server';

export interface NewTrainer extends Credentials {
  firstName: string;
  lastName: string;
  organizationName: string;
}

/** A trainer nobody has signed up yet, with an organisation of their own. */
export function makeNewTrainer(firstName: string, lastName: string): NewTrainer {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${stamp}@example.com`,
    password: 'Rivage-Lumiere-42!',
    organizationName: `Organisme E2E ${stamp}`,
  };
}

/** On /auth: opens the sign-up tab and fills it in as a trainer creating their organisation. */
export async function fillTrainerSignUp(page: Page, trainer: NewTrainer) {
  await page.getByRole('tab', { name: 'Inscription' }).click();
  await page.getByLabel('Prénom', { exact: true }).fill(trainer.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(trainer.lastName);
  await page.getByLabel('Email', { exact: true }).fill(trainer.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(trainer.password);
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(trainer.password);
  await page.getByRole('radio', { name: 'Formateur' }).check();
  // The organisation field only appears for trainers.
  await page.getByLabel("Nom de l'organisme (optionnel)", { exact: true }).fill(trainer.organizationName);
}

/**
 * Sends the filled sign-up form, then follows the confirmation link as the new user would, ending
 * on the sign-in tab that says the address is confirmed.
 */
export async function submitSignUpAndConfirm(page: Page, server: RunningServer, email: string) {
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.getByText('Compte créé. Vérifiez votre boîte de réception', { exact: false }).waitFor();

  // Without SMTP_URL the confirmation mail is written to the server log, link included.
  const confirmationLink = await server.waitForEmailLink(email, '/api/auth/verify-email');
  await page.goto(confirmationLink);
  await page.waitForURL(
    (url) =>
      url.pathname === '/auth' &&
      url.searchParams.get('mode') === 'signin' &&
      url.searchParams.get('confirmed') === '1',
  );
  await page.getByText('Email confirmé, vous pouvez vous connecter').waitFor();
}
