import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/error-message';

/** A failed read of 'Mon Suivi': the translated error (SPEC 8) and a retry without reloading. */
export function DashboardLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Alert
      variant="error"
      title={t('time.errorTitle')}
      action={
        <Button variant="secondary" size="sm" className="self-start" onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('time.retry')}
        </Button>
      }
    >
      {getErrorMessage(error)}
    </Alert>
  );
}

/** Grey blocks in the shape of what is coming; announced once as a status, hidden from the tree. */
export function DashboardSkeleton({
  label,
  rows,
  className,
}: {
  label: string;
  rows: number;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          key={index}
          aria-hidden="true"
          className="flex animate-pulse flex-col gap-3 rounded-xl border border-border bg-card p-4"
        >
          <div className="h-3 w-1/3 rounded bg-muted" />
          <div className="h-6 w-1/2 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
