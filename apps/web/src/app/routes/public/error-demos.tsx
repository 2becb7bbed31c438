import { Component, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ComponentErrorBoundary } from '@/components/errors/component-error-boundary';
import { RouteErrorView } from '@/components/errors/route-error-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { getErrorSeverity } from '@/lib/error-severity';
import { notify } from '@/lib/toast';

/** One real message per SPEC 4 severity, each rated by the same function as the route boundary. */
const SAMPLE_MESSAGES = [
  'Database connection lost',
  'Permission denied',
  'Loading chunk 7 failed',
  'Cannot read properties of undefined',
] as const;

/** The demonstration recovers on the last automatic attempt, to show the whole cycle. */
const ATTEMPTS_BEFORE_RECOVERY = 3;

function FailingSection({ message, attempts }: { message: string; attempts: number }) {
  const { t } = useTranslation('errorDemos');
  if (attempts < ATTEMPTS_BEFORE_RECOVERY) throw new Error(message);
  return <p className="text-sm">{t('route.recovered', { count: attempts })}</p>;
}

interface CatchProps {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
}

/** A local boundary, so the demonstrated errors never reach the application's own. */
class DemoBoundary extends Component<CatchProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function RouteErrorDemo() {
  const { t } = useTranslation('errorDemos');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [demo, setDemo] = useState<{ message: string; attempts: number } | null>(null);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {SAMPLE_MESSAGES.map((message) => (
          <Button
            key={message}
            size="sm"
            variant="secondary"
            onClick={() => setDemo({ message, attempts: 0 })}
          >
            {t('route.trigger', { message })}
          </Button>
        ))}
      </div>
      {demo && (
        <div className="rounded-lg border border-border">
          <DemoBoundary
            key={`${demo.message}:${demo.attempts}`}
            fallback={(error) => (
              <RouteErrorView
                headingLevel="h3"
                error={error}
                name={pathname}
                autoRetry={getErrorSeverity(demo.message) === 'medium'}
                initialAttempts={demo.attempts}
                onRetry={(attempt) =>
                  setDemo({ message: demo.message, attempts: Math.max(attempt, demo.attempts + 1) })
                }
                onBack={() => setDemo(null)}
                onHome={() => navigate(paths.home.getHref())}
              />
            )}
          >
            <FailingSection message={demo.message} attempts={demo.attempts} />
          </DemoBoundary>
        </div>
      )}
    </div>
  );
}

function CrashingWidget() {
  const { t } = useTranslation('errorDemos');
  const [hasCrashed, setHasCrashed] = useState(false);
  if (hasCrashed) throw new Error('Demonstration component crashed');
  return (
    <div className="flex items-center gap-3">
      <p className="text-sm">{t('component.healthy')}</p>
      <Button size="sm" variant="secondary" onClick={() => setHasCrashed(true)}>
        {t('component.trigger')}
      </Button>
    </div>
  );
}

function DemoSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" padding="p-5" isFlat className="flex flex-col gap-3">
      <h2 className="font-semibold text-lg">{title}</h2>
      <p className="text-muted-foreground text-sm">{description}</p>
      {children}
    </Card>
  );
}

/** SPEC 2 /error-demos: every error state, raised for real inside local boundaries. */
export default function ErrorDemosRoute() {
  const { t } = useTranslation('errorDemos');
  return (
    <main className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-6 bg-background p-6 text-foreground">
      <header>
        <h1 className="font-semibold text-3xl">{t('title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('intro')}</p>
      </header>
      <DemoSection title={t('route.title')} description={t('route.description')}>
        <RouteErrorDemo />
      </DemoSection>
      <DemoSection title={t('component.title')} description={t('component.description')}>
        <ComponentErrorBoundary name="error-demos">
          <CrashingWidget />
        </ComponentErrorBoundary>
      </DemoSection>
      <DemoSection title={t('offline.title')} description={t('offline.description')}>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => window.dispatchEvent(new Event('offline'))}>
            {t('offline.goOffline')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => window.dispatchEvent(new Event('online'))}>
            {t('offline.goOnline')}
          </Button>
        </div>
      </DemoSection>
      <DemoSection title={t('toast.title')} description={t('toast.description')}>
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          onClick={() => notify.errorWithRetry(t('toast.message'), t('toast.detail'))}
        >
          {t('toast.trigger')}
        </Button>
      </DemoSection>
    </main>
  );
}
