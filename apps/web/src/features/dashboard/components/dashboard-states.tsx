import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';

/** A failed read of 'Mon Suivi': the translated error (SPEC 8) and a retry without reloading. */
export function DashboardLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <LoadErrorAlert
      error={error}
      title={t('time.errorTitle')}
      retryLabel={t('time.retry')}
      onRetry={onRetry}
    />
  );
}

/** Grey blocks in the shape of a dashboard card: a label over a figure. */
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
    <SkeletonCards
      label={label}
      count={rows}
      bars={['h-3 w-1/3 rounded', 'h-6 w-1/2 rounded']}
      className={className}
    />
  );
}
