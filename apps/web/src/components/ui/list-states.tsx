import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState, type NoMatchStateProps } from '@/components/ui/no-match-state';
import { SkeletonCards } from '@/components/ui/skeleton-cards';

/** What a list renders once loaded: its data, and whether a newer one is on its way. */
export interface LoadedList<Data> {
  data: Data;
  isFetching: boolean;
  /** The previous page still stands in while the next one loads. */
  isPlaceholderData: boolean;
}

export interface ListStatesProps<Data extends { total: number }> {
  query: UseQueryResult<Data>;
  loading: { label: string; count?: number; bars?: readonly string[] };
  error: { title: string; retryLabel: string };
  /** Whether a search or a filter is on: nothing found is then a no-match, not an empty list. */
  isFiltered: boolean;
  noMatch: Omit<NoMatchStateProps, 'onReset'> & { onReset: () => void };
  /** What shows when there is nothing at all (an EmptyState). */
  empty: ReactNode;
  /** The list itself, once something was found (`PagedTable` and `PagedList` take it as their query). */
  children: (list: LoadedList<Data>) => ReactNode;
}

/**
 * A server-read list's states, in the order the user meets them: loading, the error with a retry,
 * nothing matching the filters (with a way to clear them), nothing at all, then the list.
 */
export function ListStates<Data extends { total: number }>({
  query,
  loading,
  error,
  isFiltered,
  noMatch,
  empty,
  children,
}: ListStatesProps<Data>) {
  if (query.isPending)
    return (
      <SkeletonCards
        label={loading.label}
        count={loading.count ?? 3}
        bars={loading.bars ?? ['w-1/3', 'w-2/3']}
      />
    );
  if (query.isError)
    return (
      <LoadErrorAlert
        error={query.error}
        title={error.title}
        retryLabel={error.retryLabel}
        onRetry={() => query.refetch()}
      />
    );
  if (query.data.total === 0) return isFiltered ? <NoMatchState {...noMatch} /> : empty;
  return children({
    data: query.data,
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
  });
}
