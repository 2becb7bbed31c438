import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { AppErrorBoundary } from '@/components/errors/fatal-error-screen';
import { installGlobalErrorLogging } from '@/lib/error-logger';
import '@/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

installGlobalErrorLogging();

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <App />
    </AppErrorBoundary>
  </StrictMode>,
);
