import type { LogSeverity } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Alert, type AlertVariant } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAutoRetry } from '@/hooks/use-auto-retry';
import { getErrorSeverity, getErrorText } from '@/lib/error-severity';

const VARIANT: Record<LogSeverity, AlertVariant> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'info',
};

export interface RouteErrorViewProps {
  error: unknown;
  /** The failed route, shown as 'Erreur de Route: {name}'. */
  name: string;
  autoRetry?: boolean;
  initialAttempts?: number;
  onRetry: (attempt: number) => void;
  onBack: () => void;
  onHome: () => void;
  /** Lower when shown inside another page, as on /error-demos. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

/** SPEC 4/8 route error: its severity title, the failing route, automatic then manual recovery. */
export function RouteErrorView({
  error,
  name,
  autoRetry = false,
  initialAttempts,
  onRetry,
  onBack,
  onHome,
  headingLevel: Heading = 'h1',
}: RouteErrorViewProps) {
  const { t } = useTranslation('errors');
  const message = getErrorText(error);
  const severity = getErrorSeverity(message);
  const { attempts, isRetrying, maxAttempts } = useAutoRetry({
    enabled: autoRetry,
    initialAttempts,
    onRetry,
  });

  return (
    <section aria-labelledby="route-error-title" className="mx-auto flex max-w-xl flex-col gap-4 p-6">
      <Heading id="route-error-title" className="font-semibold text-2xl">
        {t(`feedback.route.severity.${severity}`)}
      </Heading>
      <Alert variant={VARIANT[severity]} title={t('feedback.route.name', { name })}>
        <p className="break-words">{message}</p>
      </Alert>
      {isRetrying && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner />
          {t('feedback.route.autoRetrying')}
        </p>
      )}
      {attempts > 0 && (
        <p className="text-muted-foreground text-sm">
          {t('feedback.route.attempts', { count: attempts, max: maxAttempts })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => onRetry(attempts)}>{t('feedback.route.retry')}</Button>
        <Button variant="secondary" onClick={onBack}>
          {t('feedback.route.back')}
        </Button>
        <Button variant="secondary" onClick={onHome}>
          {t('feedback.route.home')}
        </Button>
      </div>
    </section>
  );
}
