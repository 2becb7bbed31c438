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
 */
export async function readPage<Rows extends PgSelect, T>(
  query: PageQuery,
  count: PromiseLike<{ total: number }[]>,
  rows: Rows,
  toItem: (row: Awaited<Rows>[number]) => T,
): Promise<Page<T>> {
  const [counted] = await count;
  const pageRows: Awaited<Rows> = await rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
  return {
    items: pageRows.map(toItem),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
