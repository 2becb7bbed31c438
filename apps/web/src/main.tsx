import { registerSW } from 'virtual:pwa-register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { AppErrorBoundary } from '@/components/errors/fatal-error-screen';
import { initializeApp } from '@/lib/app-init';
import { installGlobalErrorLogging } from '@/lib/error-logger';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { registerServiceWorker } from '@/lib/service-worker';
import '@/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

installGlobalErrorLogging();
// Before the first render: Chromium fires it once, early, whichever page the visitor opened.
captureInstallPrompt();

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <App />
    </AppErrorBoundary>
  </StrictMode>,
);

// SPEC 4 app start: neither waits for the other nor holds the first render.
void initializeApp();
registerServiceWorker(registerSW);
