import { type AuditEventFilters, auditEventRoutes } from '@cursus/contracts';

/** The kinds of event a reader picks from: each is the first word of the events' verbs. */
export const AUDIT_CATEGORIES = [
  'auth',
  'account',
  'role',
  'organization',
  'time',
  'signature',
  'export',
  'privacy',
  'webhook',
] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/** What the filter controls hold: days as the date inputs give them (YYYY-MM-DD), in the reader's time. */
export interface AuditTrailFilterValues {
  category: AuditCategory | '';
  actor: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditTrailFilterValues = { category: '', actor: '', from: '', to: '' };

export const hasFilters = (values: AuditTrailFilterValues) =>
  Boolean(values.category || values.actor.trim() || values.from || values.to);

/**
 * The server's filters: the category as a verb prefix ('auth.'), the days as the instants they start
 * and end for the reader, so "the 3rd" means the reader's 3rd wherever they are.
 */
export function toFilters(values: AuditTrailFilterValues, organizationId?: string): AuditEventFilters {
  const actor = values.actor.trim();
  return {
    ...(organizationId ? { organizationId } : {}),
    ...(values.category ? { action: `${values.category}.` } : {}),
    ...(actor ? { actor } : {}),
    ...(values.from ? { from: new Date(`${values.from}T00:00:00`).toISOString() } : {}),
    ...(values.to ? { to: new Date(`${values.to}T23:59:59.999`).toISOString() } : {}),
  };
}

export function getExportHref(filters: AuditEventFilters): string {
  const query = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  const path = auditEventRoutes.exportEvents.path;
  return query ? `${path}?${query}` : path;
}
