import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSettledSearch } from './use-settled-search';

/** The page a list's address asks for: a whole number from 1, else the first. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** `value` when it is one of `options`, else '' (that filter off): an address can hold anything. */
export function oneOf<T extends string>(options: readonly T[], value: string | null): T | '' {
  return options.includes(value as T) ? (value as T) : '';
}

/**
 * A server-paged list's filters kept in the address, so a filtered view can be shared, survives a
 * reload, and Back from a record returns to the same page and filters. The list says how they read
 * from and write to the address; every write replaces the history entry, and any change of filter
 * starts again from the first page. A list with a `search` filter gets its box's text, applied once
 * typing pauses.
 */
export function useAddressFilters<Filters extends { page: number; search?: string }>(
  read: (params: URLSearchParams) => Filters,
  write: (filters: Filters) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = read(searchParams);
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const replace = (next: Filters) => setSearchParams(write(next), { replace: true });
  const update = (changes: Partial<Filters>) => replace({ ...filters, page: 1, ...changes });
  useSettledSearch(searchText, filters.search ?? '', (search) => update({ search } as Partial<Filters>));
  return {
    filters,
    searchText,
    setSearchText,
    update,
    /** Writes these filters as they are (a page, an open item), without going back to page 1. */
    replace,
    /** Back to `cleared`, every filter off, the search box emptied. */
    reset: (cleared: Filters) => {
      setSearchText('');
      replace(cleared);
    },
  };
}
