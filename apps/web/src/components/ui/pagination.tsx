import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Pages des formations'. */
  label: string;
}

/** Previous and next around 'Page 2 sur 5'; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, label }: PaginationProps) {
  const { t } = useTranslation('common');
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
      </Button>
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {t('pagination.status', { page, pageCount })}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
