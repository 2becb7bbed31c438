import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';

export interface PagedTableProps {
  /** The query behind the page: where it stands, and whether a newer page is on its way. */
  query: {
    data: { page: number; pageSize: number; total: number };
    isFetching: boolean;
    /** The previous page still stands in while the next one loads. */
    isPlaceholderData: boolean;
  };
  /** The table's caption, read by screen readers. */
  caption: string;
  /** The columns' headers, in order. */
  columns: readonly { key: string; header: string }[];
  /** Above the table: its count, announced when it changes. */
  summary: string;
  /** Names the pages' navigation landmark. */
  pagesLabel: string;
  onPageChange: (page: number) => void;
  /** The page's rows. */
  children: ReactNode;
}

/** One page of a server-paged table, dimmed and marked busy while another page loads. */
export function PagedTable({
  query,
  caption,
  columns,
  summary,
  pagesLabel,
  onPageChange,
  children,
}: PagedTableProps) {
  const { page, pageSize, total } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {summary}
      </p>
      <div className="overflow-x-auto rounded-xl border border-border bg-card">
        <table
          aria-busy={query.isFetching || undefined}
          className={cn('w-full border-collapse text-left text-sm', query.isPlaceholderData && 'opacity-70')}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
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
