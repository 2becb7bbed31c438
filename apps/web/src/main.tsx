import { registerSW } from 'virtual:pwa-register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { AppErrorBoundary } from '@/components/errors/fatal-error-screen';
import { initializeApp } from '@/lib/app-init';
import { installGlobalErrorLogging } from '@/lib/error-logger';
import { i18nReady } from '@/lib/i18n';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { registerServiceWorker } from '@/lib/service-worker';
import '@/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

installGlobalErrorLogging();
// Before the first render: Chromium fires it once, early, whichever page the visitor opened.
captureInstallPrompt();

// The first render waits for the start namespaces of the chosen language (lib/i18n.ts), a few
// kilobytes the service worker keeps offline, so the first paint is never a raw key.
void i18nReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <App />
      </AppErrorBoundary>
    </StrictMode>,
  ),
);

// SPEC 4 app start: neither waits for the other nor holds the first render.
void initializeApp();
registerServiceWorker(registerSW);
