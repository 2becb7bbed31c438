import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { AUTH_TITLE, signInThroughApi, waitForHeading } from './support/pages';

// Issue 19 point 3's journey: a learner downloads their data from their profile; their trainer
// erases them after reading what goes and what stays, and the learner is signed out for good.
// Texts: apps/web/src/locales/fr/privacy.json, learners.json.
const journey = useJourney();

describe('privacy', () => {
  it('gives a learner their data and lets the trainer erase them after confirming', async () => {
    const learner = await journey.open({ theme: 'light' });
    await signInThroughApi(learner.page, journey.demo('student', 3), '/dashboard');
    await learner.page.goto('/student/profile');
    await waitForHeading(learner.page, 'Mon profil');
    const [download] = await Promise.all([
      learner.page.waitForEvent('download'),
      learner.page.getByRole('button', { name: 'Télécharger mes données' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cursus-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    await expectNoSeriousViolations(learner.page, 'the profile with its data section');
    const studentId = await learner.page.evaluate(
      async () => ((await (await fetch('/api/auth/session')).json()) as { user: { id: string } }).user.id,
    );

    const trainer = await journey.open({ theme: 'light' });
    await signInThroughApi(trainer.page, journey.demo('trainer', 0), '/trainer/dashboard');
    await trainer.page.goto(`/trainer/students/${studentId}`);
    await trainer.page.getByRole('button', { name: "Effacer l'apprenant…" }).click();
    const dialog = trainer.page.getByRole('alertdialog', { name: 'Effacer cet apprenant ?' });
    await dialog.getByText(/Gardé sans nom jusqu'au/).waitFor();
    await expectNoSeriousViolations(trainer.page, 'the erasure dialog');
    await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
    await trainer.page.waitForURL((url) => url.pathname === '/trainer/students');

    // The learner's sessions ended with the erasure: the next page asks them to sign in.
    await learner.page.goto('/student/profile');
    await waitForHeading(learner.page, AUTH_TITLE);
  });
});
