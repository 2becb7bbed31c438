import { Component, type ReactNode } from 'react';
import { logError } from '@/lib/error-logger';
import { i18n } from '@/lib/i18n';

const TIPS = ['connection', 'cache', 'extensions', 'reload'] as const;

/**
 * SPEC 8 fatal start screen. It sits outside every provider, so it reads translations from the
 * i18n instance directly rather than through React context.
 */
export function FatalErrorScreen() {
  const t = i18n.getFixedT(null, 'errors');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6 text-foreground">
      <section aria-labelledby="fatal-title" className="flex max-w-md flex-col gap-4">
        <h1 id="fatal-title" className="font-semibold text-2xl">
          {t('feedback.fatal.title')}
        </h1>
        <p>{t('feedback.fatal.description')}</p>
        <ul className="list-disc space-y-1 ps-5 text-muted-foreground text-sm">
          {TIPS.map((tip) => (
            <li key={tip}>{t(`feedback.fatal.tips.${tip}`)}</li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="self-start rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm"
        >
          {t('feedback.fatal.reload')}
        </button>
      </section>
    </main>
  );
}

/** When even the translations fail: the one screen that must not depend on anything. */
const LAST_RESORT_TITLE = 'Erreur critique';
const LAST_RESORT_RELOAD = 'Recharger / Reload';

function LastResortScreen() {
  return (
    <main style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>{LAST_RESORT_TITLE}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {LAST_RESORT_RELOAD}
      </button>
    </main>
  );
}

class LastResortBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };
  static getDerivedStateFromError() {
    return { hasError: true };
  }
  override render() {
    return this.state.hasError ? <LastResortScreen /> : this.props.children;
  }
}

/** Wraps the whole application: anything no inner boundary caught ends here. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override componentDidCatch(error: Error): void {
    logError(error, { category: 'fatal', severity: 'critical' });
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <LastResortBoundary>
        <FatalErrorScreen />
      </LastResortBoundary>
    );
  }
}
