import type { PgSelect } from 'drizzle-orm/pg-core';

export interface PageQuery {
  /** From 1. */
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a list and the size of the whole list, in the caller's transaction: `count` selects
 * `{ total: count() }` under the same filter as `rows`, which is ordered and made `$dynamic()`.
 * A page that holds some rows but fewer than a full page is the last one, so the size follows from
 * it and `count` (a query builder, run only when awaited) is never sent: most learners' lists fit on
 * one page, and the count was half of such a request's database work (issue 12).
 */
export async function readPage<Rows extends PgSelect, T>(
  query: PageQuery,
  count: PromiseLike<{ total: number }[]>,
  rows: Rows,
  toItem: (row: Awaited<Rows>[number]) => T,
): Promise<Page<T>> {
  return readPageWith(
    query,
    () => count,
    (limit, offset) => rows.limit(limit).offset(offset) as unknown as PromiseLike<Awaited<Rows>>,
    toItem,
  );
}

/**
 * readPage for a list whose page statement reads every matching row anyway, to order them (no index
 * gives its order): the statement selects the list's size with each row, `total: count(*) over ()`,
 * at no extra cost there, where a count statement would read every row again (issue 12: the trainer's
 * learner list resolves each person's role per row). Past the last page no row carries the size, and
 * `count` is sent. Both are functions, as readPageWith's, for statements built once (db/reusable.ts).
 */
export async function readWindowedPage<Row extends { total?: number }, T>(
  query: PageQuery,
  count: () => PromiseLike<{ total: number }[]>,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  let windowTotal: number | undefined;
  return readPageWith(
    query,
    () => (windowTotal === undefined ? count() : Promise.resolve([{ total: windowTotal }])),
    async (limit, offset) => {
      const page = await rows(limit, offset);
      windowTotal = page[0]?.total;
      return page;
    },
    toItem,
  );
}

/** readPage for statements run by functions (db/reusable.ts), the page's bounds given as values. */
export async function readPageWith<Row, T>(
  query: PageQuery,
  count: () => PromiseLike<{ total: number }[]>,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const offset = (query.page - 1) * query.pageSize;
  const pageRows = await rows(query.pageSize, offset);
  const isLastPage = pageRows.length < query.pageSize && (pageRows.length > 0 || query.page === 1);
  const total = isLastPage ? offset + pageRows.length : ((await count())[0]?.total ?? 0);
  return {
    items: pageRows.map(toItem),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
