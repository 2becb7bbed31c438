import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { saveScreenshot, signInThroughApi, waitForPath } from './support/pages';

// Issue 18's journey: a demo learner opens the assistant, is greeted, asks 'où en suis-je ?' and
// reads their real progress per formation with links, then follows one; a trainer has the
// organisation's assistant on /trainer. Without AI_BASE_URL the answers come from retrieval.
// Texts: apps/web/src/locales/*/assistant.json, navigation.json (the launcher).

const journey = useJourney();

interface Progression {
  courses: { courseId: string; title: string; progress: number }[];
}

describe('assistant', () => {
  it("answers a learner's 'où en suis-je ?' with their real progress and links to each formation", async () => {
    const { page, pageErrors } = await journey.open({ theme: 'dark' });
    await signInThroughApi(page, journey.demo('student', 2), '/dashboard');

    await page.getByRole('button', { name: 'Assistant IA' }).waitFor();
    await saveScreenshot(page, 'assistant-launcher-dark');
    await page.getByRole('button', { name: 'Assistant IA' }).click();
    const panel = page.getByRole('dialog', { name: "Assistant d'apprentissage" });
    await panel.getByText(/Je suis votre assistant d'apprentissage/).waitFor();
    const prompts = panel.getByRole('list', { name: 'Suggestions' });
    await prompts.waitFor();
    await expectNoSeriousViolations(page, 'assistant greeting (dark)');

    // Shift+Enter breaks the line and sends nothing; Enter sends.
    const input = panel.getByLabel('Votre message');
    await input.fill('où en suis-je ?');
    await input.press('Shift+Enter');
    expect(await input.inputValue()).toBe('où en suis-je ?\n');
    await input.press('Enter');
    const reply = panel.getByText(/^Vous suivez \d+ formation/);
    await reply.waitFor();
    expect(await prompts.count()).toBe(0);

    // The reply's figures are the learner's own, as the progression page's API gives them.
    const progression = (await page.evaluate(async () =>
      (await fetch('/api/learning/progression')).json(),
    )) as Progression;
    expect(progression.courses.length).toBeGreaterThan(0);
    const text = (await reply.textContent()) ?? '';
    for (const course of progression.courses)
      expect(text).toContain(`${course.title} : ${course.progress} %`);
    await expectNoSeriousViolations(page, 'assistant reply (dark)');
    await saveScreenshot(page, 'assistant-learner-reply-dark');

    // Each formation is a source link; following one closes the panel on its page.
    const [first] = progression.courses;
    const link = panel.getByRole('navigation', { name: 'Sources' }).getByRole('link', { name: first!.title });
    expect(await link.getAttribute('href')).toBe(`/formations/${first!.courseId}`);
    await link.click();
    await waitForPath(page, `/formations/${first!.courseId}`);
    await panel.waitFor({ state: 'detached' });

    // The conversation outlives closing the panel; clear starts anew with the greeting.
    await page.getByRole('button', { name: 'Assistant IA' }).click();
    await reply.waitFor();
    await panel.getByRole('button', { name: 'Nouvelle conversation' }).click();
    await prompts.waitFor();
    expect(await reply.count()).toBe(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Lesson pages have their own frame: the learners' assistant is there too.
    const lessonPath = await page.evaluate(async (courseId) => {
      const course = (await (await fetch(`/api/learning/courses/${courseId}`)).json()) as {
        modules: { id: string; lessons: { id: string }[] }[];
      };
      const module = course.modules.find((candidate) => candidate.lessons.length > 0)!;
      return `/formations/${courseId}/module/${module.id}/lesson/${module.lessons[0]!.id}`;
    }, first!.courseId);
    await page.goto(lessonPath);
    await page.getByRole('button', { name: 'Assistant IA' }).click();
    await panel.getByText(/Je suis votre assistant d'apprentissage/).waitFor();
    await saveScreenshot(page, 'assistant-lesson-dark');
    expect(pageErrors).toEqual([]);
  });

  it("gives a trainer the organisation's assistant on /trainer, with the organisation's figures", async () => {
    const { page, pageErrors } = await journey.open({ theme: 'light' });
    await signInThroughApi(page, journey.demo('trainer', 1), '/trainer/dashboard');

    await page.getByRole('button', { name: 'Assistant IA' }).click();
    const panel = page.getByRole('dialog', { name: "Assistant de l'organisme" });
    await panel.getByText(/Je suis l'assistant de votre organisme/).waitFor();
    await expectNoSeriousViolations(page, 'organisation assistant greeting (light)');
    await panel.getByRole('button', { name: 'Quels sont mes chiffres ?' }).click();
    await panel.getByText(/^Votre organisme compte \d+ apprenant/).waitFor();
    await expectNoSeriousViolations(page, 'organisation assistant reply (light)');
    await saveScreenshot(page, 'assistant-trainer-reply-light');
    expect(pageErrors).toEqual([]);
  });
});
