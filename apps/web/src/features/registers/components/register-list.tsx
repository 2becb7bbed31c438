import type { UseQueryResult } from '@tanstack/react-query';
import { type LucideIcon, Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { ListStates } from '@/components/ui/list-states';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';

/**
 * A register's filters and page, kept in the tab's state (the compliance page's address holds the
 * tab): any change of filter starts again from the first page.
 */
export function useRegisterFilters<Filters extends { search: string }>(cleared: Filters) {
  const [filters, setFilters] = useState(cleared);
  const [page, setPage] = useState(1);
  return {
    filters,
    page,
    setPage,
    update: (changes: Partial<Filters>) => {
      setFilters((current) => ({ ...current, ...changes }));
      setPage(1);
    },
    isFiltered: Object.values(filters).some((value) =>
      typeof value === 'string' ? value.trim() !== '' : Boolean(value),
    ),
    reset: () => {
      setFilters(cleared);
      setPage(1);
    },
  };
}

/**
 * A register's section: its heading, what it is for and the button that adds an entry, then its
 * filters (the search box first, `filters` after it) and, as `children`, its results and dialogs.
 */
export function RegisterSection({
  title,
  description,
  addLabel,
  onAdd,
  search,
  onSearchChange,
  filtersClassName,
  filters,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  /** The filter bar's columns on wide screens, the search box's first. */
  filtersClassName: string;
  filters: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('registers');
  const ids = { title: useId(), search: useId() };
  return (
    <section className="flex flex-col gap-6" aria-labelledby={ids.title}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={ids.title} className="text-lg font-semibold text-foreground">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </Button>
      </div>
      <FilterBar label={t('list.filters')} className={filtersClassName}>
        <FilterSearch id={ids.search} value={search} onChange={onSearchChange} />
        {filters}
      </FilterBar>
      {children}
    </section>
  );
}

/**
 * One page of a register as the query stands: loading, failed, empty (nothing yet, or nothing
 * matching the filters, with the way out), or the entries with their count and pages.
 */
export function RegisterResults<T>({
  query,
  label,
  summary,
  isFiltered,
  onReset,
  empty,
  onPageChange,
  children,
}: {
  query: UseQueryResult<{ items: T[]; total: number; page: number; pageSize: number }>;
  label: string;
  summary: (total: number) => string;
  isFiltered: boolean;
  onReset: () => void;
  empty: { icon: LucideIcon; title: string; description: string };
  onPageChange: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('registers');
  return (
    <ListStates
      query={query}
      loading={{ label: t('list.loading') }}
      error={{ title: t('list.error'), retryLabel: t('list.retry') }}
      isFiltered={isFiltered}
      noMatch={{
        title: t('list.noMatchTitle'),
        description: t('list.noMatchDescription'),
        resetLabel: t('list.reset'),
        onReset,
      }}
      empty={<EmptyState icon={empty.icon} title={empty.title} description={empty.description} />}
    >
      {(list) => (
        <PagedList
          query={list}
          label={label}
          summary={<p className="text-sm text-muted-foreground">{summary(list.data.total)}</p>}
          pagesLabel={t('list.pages')}
          onPageChange={onPageChange}
        >
          {children(list.data.items)}
        </PagedList>
      )}
    </ListStates>
  );
}

/** A filter of a register's list: everything, or one of `options`. */
export function FilterChoice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('registers');
  return (
    <FilterField label={label} htmlFor={id}>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('list.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}

/** The search box of a register's list. */
function FilterSearch({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('registers');
  return (
    <FilterField label={t('list.search')} htmlFor={id}>
      <Input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
      />
    </FilterField>
  );
}
