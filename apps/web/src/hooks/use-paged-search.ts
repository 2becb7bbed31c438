import { useState } from 'react';
import { useSettledSearch } from './use-settled-search';

/**
 * A server-paged list's search and page, held in the component's state (a panel within a page whose
 * address says something else): the box's text applies once typing pauses, from the first page.
 */
export function usePagedSearch() {
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useSettledSearch(searchText, search, (value) => {
    setSearch(value);
    setPage(1);
  });
  return {
    page,
    setPage,
    search,
    searchText,
    setSearchText,
    /** Clears the search at once, from the first page. */
    clearSearch: () => {
      setSearchText('');
      setSearch('');
      setPage(1);
    },
  };
}
