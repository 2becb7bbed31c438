// First: zod's settings must be in place before any module that loads zod (lib/zod-config.ts).
import '@/lib/zod-config';
import { registerSW } from 'virtual:pwa-register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { AppErrorBoundary } from '@/components/errors/fatal-error-screen';
import { checkSession, recall } from '@/features/auth/session-store';
import { initializeApp } from '@/lib/app-init';
import { startEarlyRequests } from '@/lib/early-requests';
import { installGlobalErrorLogging } from '@/lib/error-logger';
import { getLanguage, i18nReady } from '@/lib/i18n';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { registerServiceWorker } from '@/lib/service-worker';
import '@/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

installGlobalErrorLogging();
// Before the first render: Chromium fires it once, early, whichever page the visitor opened.
captureInstallPrompt();

// issue 12: the session check, the first page's code (the router loads the matched routes as it is
// made) and its data (lib/early-requests.ts) start now, alongside the translations, instead of one
// after the other once rendered. The code first: over HTTP/1.1 a browser asks six at a time, and the
// route table leads to more code, while each answer is the end of its line (Lighthouse on Mon Suivi,
// three runs: 85, 86, 88 → 87, 89, 90).
void checkSession();
const router = createAppRouter();
// Only on a device that has seen someone signed in: a visitor it never saw would be refused (401)
// and sent to the sign-in page.
if (recall()) startEarlyRequests(location.pathname, getLanguage());

// The first render waits for the start namespaces of the chosen language (lib/i18n.ts), a few
// kilobytes the service worker keeps offline, so the first paint is never a raw key.
void i18nReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <App router={router} />
      </AppErrorBoundary>
    </StrictMode>,
  ),
);

// SPEC 4 app start: neither waits for the other nor holds the first render.
void initializeApp();
registerServiceWorker(registerSW);
