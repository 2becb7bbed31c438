import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import InstallRoute from './install';

/** What Chromium fires when the app can be installed; happy-dom has no such event. */
function fireBeforeInstallPrompt(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn().mockResolvedValue(undefined),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => window.dispatchEvent(event));
  return event;
}

describe('/install prompt button', () => {
  let stopCapture: () => void;
  beforeEach(() => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    stopCapture = captureInstallPrompt();
  });
  afterEach(() => stopCapture());

  it('is hidden when the browser offers no install prompt (Firefox, Safari, installed)', () => {
    renderWithProviders(<InstallRoute />);
    expect(screen.getByRole('heading', { level: 1, name: "Installer l'application" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Installer Cursus' })).toBeNull();
  });

  it("shows 'Installer Cursus' once the browser offers it, even before the page opened, and opens the prompt", async () => {
    const event = fireBeforeInstallPrompt();
    // Chrome's own mini-bar is replaced by the page's button.
    expect(event.defaultPrevented).toBe(true);
    renderWithProviders(<InstallRoute />);

    fireEvent.click(screen.getByRole('button', { name: 'Installer Cursus' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // The prompt works once: the button goes away whatever the answer.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Installer Cursus' })).toBeNull());
  });

  it('hides the button once the app is installed from the browser menu', () => {
    renderWithProviders(<InstallRoute />);
    fireBeforeInstallPrompt();
    expect(screen.getByRole('button', { name: 'Installer Cursus' })).toBeTruthy();
    act(() => window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: 'Installer Cursus' })).toBeNull();
  });
});
