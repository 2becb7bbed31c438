import { useTranslation } from 'react-i18next';
import { SkeletonCards } from '@/components/ui/skeleton-cards';

export interface ListSkeletonProps {
  rows?: number;
  /** Announced while the list loads. */
  label?: string;
}

/** Grey rows where a list will appear, so the page does not jump when it arrives. */
export function ListSkeleton({ rows = 4, label }: ListSkeletonProps) {
  const { t } = useTranslation('courses');
  return (
    <SkeletonCards
      label={label ?? t('list.loading')}
      count={rows}
      bars={['h-4 w-2/3 max-w-sm rounded', 'h-3 w-1/2 max-w-xs rounded', 'h-3 w-1/3 max-w-40 rounded']}
      className="flex flex-col gap-3"
      cardClassName="p-4 motion-safe:animate-pulse"
    />
  );
}
