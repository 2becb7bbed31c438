/**
 * Chromium's install prompt (Chrome, Edge, Android). Other browsers never fire `beforeinstallprompt`:
 * there the /install page only explains the browser's own menu.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setDeferredPrompt(event: BeforeInstallPromptEvent | null): void {
  deferredPrompt = event;
  for (const listener of listeners) listener();
}

/**
 * Keeps the event from page load on: the browser fires it once, usually before the visitor reaches
 * /install. Returns the function removing the listeners.
 */
export function captureInstallPrompt(): () => void {
  const onBeforeInstallPrompt = (event: Event) => {
    // Keeps Chrome's own mini-bar away: the /install page offers the prompt instead.
    event.preventDefault();
    setDeferredPrompt(event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => setDeferredPrompt(null);
  window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  window.addEventListener('appinstalled', onInstalled);
  return () => {
    window.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
    window.removeEventListener('appinstalled', onInstalled);
    setDeferredPrompt(null);
  };
}

export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function canPromptInstall(): boolean {
  return deferredPrompt !== null;
}

/**
 * Shows the browser's install dialog; true when the user accepted. The event works once, so it is
 * forgotten whatever the answer (the browser fires a new one if installing is still possible).
 */
export async function promptInstall(): Promise<boolean> {
  const event = deferredPrompt;
  if (!event) return false;
  setDeferredPrompt(null);
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    return outcome === 'accepted';
  } catch {
    // The browser refused to show it (already shown, or no user gesture): the steps below still apply.
    return false;
  }
}
