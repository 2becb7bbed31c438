import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import CookiesRoute from './cookies';
import InstallRoute from './install';
import KnowledgeBaseRoute, { KB_FEEDBACK_STORAGE_KEY } from './knowledge-base';
import LegalNoticeRoute from './legal';
import PrivacyRoute from './privacy';
import TermsRoute from './terms';
import WhyOssLmsRoute from './why-oss-lms';

const PAGES: { Page: ComponentType; fr: string; en: string }[] = [
  { Page: TermsRoute, fr: "Conditions générales d'utilisation", en: 'Terms of use' },
  { Page: PrivacyRoute, fr: 'Politique de confidentialité', en: 'Privacy policy' },
  { Page: LegalNoticeRoute, fr: 'Mentions légales', en: 'Legal notice' },
  { Page: CookiesRoute, fr: 'Cookies et stockage local', en: 'Cookies and local storage' },
  { Page: WhyOssLmsRoute, fr: 'Pourquoi un LMS libre\u202f?', en: 'Why an open-source LMS?' },
  { Page: InstallRoute, fr: "Installer l'application", en: 'Install the app' },
  { Page: KnowledgeBaseRoute, fr: 'Base de connaissances', en: 'Knowledge base' },
];

// A missing key renders as the key itself, such as 'privacy.retention.title'.
const UNTRANSLATED_KEY = /^(frame|terms|privacy|legal|cookies|whyOssLms|install|knowledgeBase)(\.\w+)+$/;

function findUntranslatedKeys(): string[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (UNTRANSLATED_KEY.test(text)) found.push(text);
  }
  return found;
}

function renderPage(Page: ComponentType) {
  return renderWithProviders(<Page />);
}

describe('public pages', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
  });

  for (const { Page, fr, en } of PAGES) {
    it(`shows '${fr}' in French and '${en}' in English, framed by header, main and footer`, async () => {
      renderPage(Page);
      expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
        fr,
      ]);
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(screen.getByRole('main')).toBeTruthy();
      const footer = screen.getByRole('contentinfo');
      expect(within(footer).getByRole('link', { name: 'Mentions légales' }).getAttribute('href')).toBe(
        '/legal',
      );
      expect(findUntranslatedKeys()).toEqual([]);

      await act(() => i18n.changeLanguage('en'));
      expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
        en,
      ]);
      expect(within(footer).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
      expect(findUntranslatedKeys()).toEqual([]);
    });
  }

  it('lists the retention periods and the rights on the privacy page', () => {
    renderPage(PrivacyRoute);
    const table = screen.getByRole('table', { name: 'Registre des traitements de données personnelles' });
    // The sign-in logs' period is the retention job's constant, in words.
    expect(within(table).getByRole('cell', { name: '1 an' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '90 jours' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Vos droits' })).toBeTruthy();
    expect(screen.getByText(/réclamation auprès de la CNIL/)).toBeTruthy();
  });

  it('names every cookie and storage key the app sets', () => {
    renderPage(CookiesRoute);
    for (const name of ['cursus.session_token', 'cursus.device', 'app-language', 'theme']) {
      expect(screen.getByRole('rowheader', { name })).toBeTruthy();
    }
  });

  it('moves between the learner and trainer tabs with the arrow keys', () => {
    renderPage(KnowledgeBaseRoute);
    const studentTab = screen.getByRole('tab', { name: 'Apprenant' });
    expect(studentTab.getAttribute('aria-selected')).toBe('true');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Créer son compte et confirmer son email' }),
    ).toBeTruthy();

    fireEvent.keyDown(studentTab, { key: 'ArrowRight' });
    const trainerTab = screen.getByRole('tab', { name: 'Formateur' });
    expect(trainerTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(trainerTab);
    expect(screen.getByRole('tabpanel', { name: 'Formateur' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Rattacher un apprenant en attente' })).toBeTruthy();

    fireEvent.keyDown(trainerTab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Apprenant' }).getAttribute('aria-selected')).toBe('true');
  });

  it('records the answer to "was this guide helpful", remembers it per guide and thanks the reader', () => {
    const api = mockApi({ 'POST /api/knowledge-base/feedback': { body: { ok: true } } });
    const { unmount } = renderPage(KnowledgeBaseRoute);
    const guide = screen.getByRole('article', { name: 'Se connecter et réinitialiser son mot de passe' });
    fireEvent.click(within(guide).getByRole('button', { name: 'Oui' }));

    expect(within(guide).getByRole('status').textContent).toContain('Merci pour votre réponse');
    expect(api.calls.find((call) => call.path === '/api/knowledge-base/feedback')?.body).toEqual({
      guideId: 'learner.signIn',
      helpful: true,
    });
    expect(JSON.parse(localStorage.getItem(KB_FEEDBACK_STORAGE_KEY) ?? '{}')).toEqual({
      'learner.signIn': 'yes',
    });
    const otherGuide = screen.getByRole('article', { name: 'Créer son compte et confirmer son email' });
    expect(within(otherGuide).getByRole('status').textContent).toBe('');

    unmount();
    renderPage(KnowledgeBaseRoute);
    const reopened = screen.getByRole('article', { name: 'Se connecter et réinitialiser son mot de passe' });
    expect(within(reopened).getByRole('button', { name: 'Oui' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(reopened).getByRole('button', { name: 'Non' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(reopened).getByRole('status').textContent).toContain('Merci pour votre réponse');
  });
});
