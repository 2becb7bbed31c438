import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { type Credentials, type OpenedPage, signInAt, waitForHeading, waitForPath } from './support/pages';

// Issue 13's badge journey: a demo learner with no sign-in yet earns 'first_login' at their first
// sign-in; the bell announces it and the achievements screen lists it, in French then in English.
// Texts: apps/web/src/locales/*/notifications.json and achievements.json.
const TEXTS = {
  fr: {
    bell: 'Notifications',
    notification: 'Nouveau badge obtenu',
    detail: 'Badge commun\u00a0: 1 connexion.',
    tab: 'Succès',
    page: 'Mes succès',
    badge: 'Premiers pas',
    earned: /Obtenu le/,
  },
  en: {
    bell: 'Notifications',
    notification: 'New badge earned',
    detail: 'Common badge: 1 sign-in.',
    tab: 'Achievements',
    page: 'My achievements',
    badge: 'First steps',
    earned: /Earned on/,
  },
} as const;

const journey = useJourney();

async function signIn(account: Credentials, theme: 'light' | 'dark'): Promise<OpenedPage> {
  const opened = await journey.open({ theme });
  await signInAt(opened.page, account, '/dashboard');
  return opened;
}

/** The shell's FR/EN switch, saved on the account. */
async function chooseEnglish(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/preferences') && response.ok(),
  );
  await page.getByRole('button', { name: 'EN', exact: true }).first().click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await saved;
}

async function expectBadgeAnnouncedAndListed(page: Page, language: 'fr' | 'en') {
  const text = TEXTS[language];
  const bell = page.getByRole('button', { name: text.bell, exact: true }).first();
  // The badge is announced at once; the demo may have told the learner other news before (a certificate).
  await expect
    .poll(async () => Number(await page.getByTestId('notifications-badge').first().textContent()))
    .toBeGreaterThanOrEqual(1);
  await bell.click();
  const panel = page.getByRole('dialog', { name: text.bell });
  await panel.getByRole('tab', { name: text.tab }).click();
  const item = panel.getByRole('button', { name: new RegExp(text.notification) });
  await item.waitFor();
  expect(await item.textContent()).toContain(text.detail);
  await expectNoSeriousViolations(page, `notifications (${language})`);
  // The notification leads to the achievements screen.
  await item.click();
  await waitForPath(page, '/achievements');
  await waitForHeading(page, text.page);
  const badges = page.getByRole('region', { name: 'Badges' });
  const earned = badges.getByRole('listitem').filter({ hasText: text.badge });
  await earned.waitFor();
  expect(await earned.textContent()).toMatch(text.earned);
  await expectNoSeriousViolations(page, `achievements (${language})`);
}

describe('achievements', () => {
  it('awards a badge at the first sign-in, announced by the bell and listed on the screen (French)', async () => {
    const { page, pageErrors } = await signIn(journey.demo('student', 3), 'dark');
    await expectBadgeAnnouncedAndListed(page, 'fr');
    expect(pageErrors).toEqual([]);
  });

  it('shows the same badge and notification in English', async () => {
    const { page, pageErrors } = await signIn(journey.demo('student', 4), 'light');
    await chooseEnglish(page);
    await expectBadgeAnnouncedAndListed(page, 'en');
    expect(pageErrors).toEqual([]);
  });
});
