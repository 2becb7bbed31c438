import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { type OpenedPage, signInThroughApi, waitForPath } from './support/pages';

// Issue 14's journey: a learner asks a question from a lesson; the trainer hears of it at once (bell,
// live) and by email, takes it and replies; the learner is told, reads the reply, reads the same
// notifications in English, and marking all read empties the badge.
// Texts: apps/web/src/locales/*/questions.json, notifications.json, navigation.json.
const SUBJECT = 'Arrondir un résultat de formule';
const MESSAGE = 'Comment arrondir à deux décimales le total de la colonne B ?';
const REPLY = 'Utilisez ARRONDI(SOMME(B2:B9);2) : le second argument donne le nombre de décimales.';

const journey = useJourney();

async function signIn(role: 'student' | 'trainer', theme: 'light' | 'dark', index = 0): Promise<OpenedPage> {
  const opened = await journey.open({ theme });
  await signInThroughApi(
    opened.page,
    journey.demo(role, index),
    role === 'student' ? '/dashboard' : '/trainer/dashboard',
  );
  return opened;
}

/** The unread badge on the bell, 0 when it shows none. */
async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('notifications-badge').first();
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.textContent()) ?? '0';
  return text.endsWith('+') ? 10 : Number(text);
}

/** The address of the first lesson of the learner's first formation, as the API gives it. */
async function firstLessonPath(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const list = (await (await fetch('/api/learning/courses')).json()) as { items: { id: string }[] };
    const courseId = list.items[0]!.id;
    const course = (await (await fetch(`/api/learning/courses/${courseId}`)).json()) as {
      modules: { id: string; lessons: { id: string }[] }[];
    };
    const module = course.modules.find((candidate) => candidate.lessons.length > 0)!;
    return `/formations/${courseId}/module/${module.id}/lesson/${module.lessons[0]!.id}`;
  });
}

/** Opens the bell's panel and follows the notification whose title matches. */
async function followNotification(page: Page, title: RegExp) {
  await page.getByRole('button', { name: 'Notifications', exact: true }).first().click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('button', { name: title });
  await item.waitFor();
  await item.click();
}

describe('questions', () => {
  it('carries a question from a lesson to the trainer and the reply back, live, in both languages', async () => {
    const trainer = await signIn('trainer', 'light');
    const learner = await signIn('student', 'dark');
    const trainerBadge = await unreadBadge(trainer.page);

    // The learner asks from a lesson: the dialog knows the formation and lesson on screen.
    await learner.page.goto(await firstLessonPath(learner.page));
    await learner.page.getByRole('button', { name: "J'ai une question ?" }).click();
    const dialog = learner.page.getByRole('dialog', { name: 'Poser une question' });
    const send = dialog.getByRole('button', { name: 'Envoyer la question' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Sujet', { exact: true }).fill(SUBJECT);
    await dialog.getByLabel('Message', { exact: true }).fill(MESSAGE);
    expect(await dialog.getByLabel('Joindre la formation et la leçon que je consulte').isChecked()).toBe(
      true,
    );
    await expectNoSeriousViolations(learner.page, 'ask-question dialog (dark)');
    await send.click();
    await learner.page.getByText('Votre question a été envoyée').first().waitFor();

    // The trainer's bell moves without a reload (the live stream), and the email is in the outbox.
    await expect.poll(() => unreadBadge(trainer.page)).toBeGreaterThan(trainerBadge);
    const emailed = await journey.server.waitForEmailLink(journey.demo('trainer', 0).email, '/trainer/forum');
    expect(emailed).toContain('question=');

    await followNotification(trainer.page, new RegExp(`Nouvelle question : ${SUBJECT}`));
    await waitForPath(trainer.page, '/trainer/forum');
    const detail = trainer.page.getByRole('region', { name: 'Détail de la question' });
    await detail.getByText(MESSAGE).waitFor();
    // Checked before any toast: a toast fading in would be judged mid-animation.
    await expectNoSeriousViolations(trainer.page, 'questions hub (light)');
    await detail.getByLabel('Formateur assigné').selectOption({ label: 'Julien Moreau' });
    await detail.getByRole('button', { name: 'Enregistrer' }).click();
    // Taken: the question now says who follows it, in the pane and in the list.
    await detail.getByText('Suivie par Julien Moreau').first().waitFor();
    await detail.getByLabel('Votre réponse').fill(REPLY);
    await detail.getByRole('button', { name: 'Répondre' }).click();
    await detail.getByText(REPLY).waitFor();

    // The learner hears of the reply and reads it.
    await learner.page.goto('/dashboard');
    await expect.poll(() => unreadBadge(learner.page)).toBeGreaterThan(0);
    await followNotification(learner.page, new RegExp(`Réponse à votre question : ${SUBJECT}`));
    await waitForPath(learner.page, '/questions');
    await learner.page.getByText(REPLY).first().waitFor();
    await expectNoSeriousViolations(learner.page, 'my questions (dark)');

    // The same notifications, read in English once the learner switches.
    const saved = learner.page.waitForResponse(
      (response) => response.url().endsWith('/api/auth/preferences') && response.ok(),
    );
    await learner.page.getByRole('button', { name: 'EN', exact: true }).first().click();
    await saved;
    await learner.page.getByRole('button', { name: 'Notifications', exact: true }).first().click();
    const panel = learner.page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: new RegExp(`Reply to your question: ${SUBJECT}`) }).waitFor();

    // Marking everything read empties the badge.
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => unreadBadge(learner.page)).toBe(0);

    expect(learner.pageErrors).toEqual([]);
    expect(trainer.pageErrors).toEqual([]);
  });

  it.each(['light', 'dark'] as const)(
    'passes axe on every new screen of issue 14 (%s theme)',
    async (theme) => {
      // Not the journey's learner, who chose English there.
      const learner = await signIn('student', theme, theme === 'light' ? 2 : 3);
      const organizationId = await learner.page.evaluate(async () => {
        const session = (await (await fetch('/api/auth/session')).json()) as {
          user: { organizationId: string };
        };
        return session.user.organizationId;
      });
      for (const [path, heading] of [
        ['/questions', 'Mes questions'],
        [`/questions-hub/${organizationId}`, 'Mes formateurs'],
        ['/messages', 'Conversations'],
        ['/profile', null],
        // An email's unsubscribe link, here one that no longer reads: the page says so.
        ['/unsubscribe?token=altered', null],
      ] as const) {
        await learner.page.goto(path);
        if (heading) await learner.page.getByRole('heading', { level: 1, name: heading }).waitFor();
        else await learner.page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectNoSeriousViolations(learner.page, `${path} (${theme})`);
      }
      const trainer = await signIn('trainer', theme);
      // Each screen once its list, seeded by the demo, is on it.
      for (const [path, list] of [
        ['/trainer/forum', 'Questions'],
        ['/trainer/forum?tab=discussions', 'Discussions'],
        ['/trainer/messages', 'Conversations'],
      ] as const) {
        await trainer.page.goto(path);
        await trainer.page.getByRole('list', { name: list, exact: true }).first().waitFor();
        await expectNoSeriousViolations(trainer.page, `${path} (${theme})`);
      }
      expect(learner.pageErrors).toEqual([]);
      expect(trainer.pageErrors).toEqual([]);
    },
  );
});
