import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';

export interface PagedListProps {
  /** The query behind the page: where it stands, and whether a newer page is on its way. */
  query: {
    data: { page: number; pageSize: number; total: number };
    isFetching: boolean;
    /** The previous page still stands in while the next one loads. */
    isPlaceholderData: boolean;
  };
  /** Names the list, e.g. 'Formations'. */
  label: string;
  /** Above the list: its count or its totals. */
  summary: ReactNode;
  /** Names the pages' navigation landmark. */
  pagesLabel: string;
  onPageChange: (page: number) => void;
  children: ReactNode;
}

/** One page of a server-paged list, dimmed and marked busy while another page loads. */
export function PagedList({ query, label, summary, pagesLabel, onPageChange, children }: PagedListProps) {
  const { page, pageSize, total } = query.data;
  return (
    <div className="flex flex-col gap-4">
      {summary}
      <ul
        aria-label={label}
        aria-busy={query.isFetching || undefined}
        className={cn('flex flex-col gap-3', query.isPlaceholderData && 'opacity-70')}
      >
        {children}
      </ul>
      <Pagination
        page={page}
        pageSize={pageSize}
        total={total}
        label={pagesLabel}
        onPageChange={onPageChange}
      />
    </div>
  );
}
