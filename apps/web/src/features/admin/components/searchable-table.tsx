import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListStates } from '@/components/ui/list-states';
import { PagedTable } from '@/components/ui/paged-table';
import { useSettledSearch } from '@/hooks/use-settled-search';

export const ADMIN_PAGE_SIZE = 20;

/** A list's search and page, kept by the caller (in the address or in state). */
export interface ListState {
  search: string;
  page: number;
}

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
}

interface Page<Row> {
  items: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SearchableTableProps<Row> {
  query: UseQueryResult<Page<Row>>;
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** The table's caption (read by screen readers) and the search box's label. */
  caption: string;
  searchLabel: string;
  /** The first column names each row (a row header). */
  columns: readonly [Column<Row>, ...Column<Row>[]];
  rowKey: (row: Row) => string;
  summary: (total: number) => string;
  empty: { icon: LucideIcon; title: string; description: string; action?: ReactNode };
  errorTitle: string;
}

/**
 * One server-paged list of the admin space: a search box (applied once typing pauses), the table,
 * its pages, and the loading, error, empty and no-match states.
 */
export function SearchableTable<Row>({
  query,
  state,
  onStateChange,
  caption,
  searchLabel,
  columns,
  rowKey,
  summary,
  empty,
  errorTitle,
}: SearchableTableProps<Row>) {
  const { t } = useTranslation('admin');
  const searchId = useId();
  const [searchText, setSearchText] = useState(state.search);
  useSettledSearch(searchText, state.search, (search) => onStateChange({ search: search.trim(), page: 1 }));

  const [first, ...rest] = columns;
  const renderBody = () => (
    <ListStates
      query={query}
      loading={{ label: t('loading') }}
      error={{ title: errorTitle, retryLabel: t('retry') }}
      isFiltered={state.search !== ''}
      noMatch={{
        title: t('list.noMatchTitle'),
        description: t('list.noMatchDescription'),
        resetLabel: t('list.reset'),
        onReset: () => {
          setSearchText('');
          onStateChange({ search: '', page: 1 });
        },
      }}
      empty={<EmptyState {...empty} />}
    >
      {(list) => (
        <PagedTable
          query={list}
          caption={caption}
          columns={columns}
          summary={summary(list.data.total)}
          pagesLabel={t('list.pages', { list: caption })}
          onPageChange={(next) => onStateChange({ ...state, page: next })}
        >
          {list.data.items.map((row) => (
            <tr key={rowKey(row)} className="border-t border-border align-top">
              <th scope="row" className="px-3 py-3 font-medium">
                {first.cell(row)}
              </th>
              {rest.map((column) => (
                <td key={column.key} className="px-3 py-3">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </PagedTable>
      )}
    </ListStates>
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor={searchId}>{searchLabel}</Label>
        <Input
          id={searchId}
          type="search"
          value={searchText}
          maxLength={100}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      {renderBody()}
    </div>
  );
}
