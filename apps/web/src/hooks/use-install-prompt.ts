import { useSyncExternalStore } from 'react';
import { canPromptInstall, promptInstall, subscribeToInstallPrompt } from '@/lib/install-prompt';

/** Whether the browser offered to install the app (lib/install-prompt.ts), and how to accept. */
export function useInstallPrompt() {
  const canInstall = useSyncExternalStore(subscribeToInstallPrompt, canPromptInstall, () => false);
  return { canInstall, promptInstall };
}
