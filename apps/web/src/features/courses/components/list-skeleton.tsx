import { useTranslation } from 'react-i18next';

export interface ListSkeletonProps {
  rows?: number;
  /** Announced while the list loads. */
  label?: string;
}

/** Grey rows where a list will appear, so the page does not jump when it arrives. */
export function ListSkeleton({ rows = 4, label }: ListSkeletonProps) {
  const { t } = useTranslation('courses');
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{label ?? t('list.loading')}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity, never reordered.
          key={index}
          aria-hidden="true"
          className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 motion-safe:animate-pulse"
        >
          <div className="h-4 w-2/3 max-w-sm rounded bg-muted" />
          <div className="h-3 w-1/2 max-w-xs rounded bg-muted" />
          <div className="h-3 w-1/3 max-w-40 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
