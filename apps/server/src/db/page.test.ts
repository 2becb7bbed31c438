import type { PgSelect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { readPage, readWindowedPage } from './page.ts';

/**
 * A list of `size` rows read as the query builders are: limit and offset, then awaited. Each row
 * carries the list's size, as a window count (`readWindowedPage`) selects it; readPage ignores it.
 */
function list(size: number) {
  const all = Array.from({ length: size }, (_, index) => ({ id: index + 1, total: size }));
  let counted = 0;
  const count: PromiseLike<{ total: number }[]> = {
    // biome-ignore lint/suspicious/noThenProperty: a query builder is a thenable run when awaited.
    then(resolve, reject) {
      counted += 1;
      return Promise.resolve([{ total: size }]).then(resolve, reject);
    },
  };
  const rows = {
    limit: (limit: number) => ({
      offset: (offset: number) => Promise.resolve(all.slice(offset, offset + limit)),
    }),
  } as unknown as PgSelect;
  return { count, rows, timesCounted: () => counted };
}

/** readWindowedPage over the same list, its statements as functions (as reusable ones are run). */
const windowed: typeof readPage = (query, count, rows, toItem) =>
  readWindowedPage(
    query,
    () => count,
    (limit, offset) =>
      rows.limit(limit).offset(offset) as unknown as Promise<{ id: number; total: number }[]>,
    toItem,
  );

async function read(size: number, page: number, reader: typeof readPage = readPage) {
  const { count, rows, timesCounted } = list(size);
  const result = await reader({ page, pageSize: 10 }, count, rows, (row) => row);
  return { total: result.total, items: result.items.length, counted: timesCounted() };
}

describe('readPage', () => {
  it('takes the size from a page that is not full, without counting', async () => {
    expect(await read(0, 1)).toEqual({ total: 0, items: 0, counted: 0 });
    expect(await read(4, 1)).toEqual({ total: 4, items: 4, counted: 0 });
    expect(await read(23, 3)).toEqual({ total: 23, items: 3, counted: 0 });
  });

  it('counts when the page is full or past the end', async () => {
    expect(await read(10, 1)).toEqual({ total: 10, items: 10, counted: 1 });
    expect(await read(23, 2)).toEqual({ total: 23, items: 10, counted: 1 });
    expect(await read(23, 9)).toEqual({ total: 23, items: 0, counted: 1 });
  });
});

describe('readWindowedPage', () => {
  it('takes the size from the rows, full page or not, without counting', async () => {
    expect(await read(0, 1, windowed)).toEqual({ total: 0, items: 0, counted: 0 });
    expect(await read(10, 1, windowed)).toEqual({ total: 10, items: 10, counted: 0 });
    expect(await read(23, 2, windowed)).toEqual({ total: 23, items: 10, counted: 0 });
  });

  it('counts past the last page, where no row carries the size', async () => {
    expect(await read(23, 9, windowed)).toEqual({ total: 23, items: 0, counted: 1 });
  });
});
