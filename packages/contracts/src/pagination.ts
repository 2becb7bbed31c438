import { z } from 'zod';
import { hasNoNul, NO_NUL } from './common.ts';

/** Page size of lists when the client names none, and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * A yes/no filter in a query string. Query strings carry text, and `z.coerce.boolean()` would read
 * 'false' as true, so only the two words are accepted; the web sends `String(value)`.
 */
export const QueryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `page` (from 1) and `pageSize` (1 to 100, default 20) of every paginated list. */
export const PaginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

/** Free-text search of a list: trimmed, empty means no search. */
export const SearchQuerySchema = z
  .string()
  .trim()
  .max(100)
  .refine(hasNoNul, NO_NUL)
  .transform((value) => value || undefined)
  .optional();

/** The answer of every paginated list: one page of items and the total across all pages. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
