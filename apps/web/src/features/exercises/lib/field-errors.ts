import type { z } from 'zod';
import { translateFieldError, zodFormOptions } from '@/lib/form-errors';

/** A form's values checked with its contract schema: the parsed values, or each field's message. */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: Record<string, string> } {
  const result = schema.safeParse(values, zodFormOptions);
  if (result.success) return { data: result.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = String(issue.path[0] ?? '');
    errors[path] ??= translateFieldError(issue.message) ?? '';
  }
  return { data: null, errors };
}
