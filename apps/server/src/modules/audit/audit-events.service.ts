import type { AuditEventFilters, AuditEventList, Language, SessionUser } from '@cursus/contracts';
import { and, count, desc, eq, gte, ilike, like, lte, or, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { type PageQuery, readPage } from '../../db/page.ts';
import { csvLine, EXCEL_CSV_BOM } from '../../lib/excel-csv.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { type AuditService, auditActorOf } from './audit.service.ts';
import { auditEvents } from './audit.tables.ts';

/** Events read per statement while an export streams: a bounded slice of memory whatever the trail's size. */
export const AUDIT_EXPORT_BATCH = 500;

const CSV_LABELS: Record<Language, readonly string[]> = {
  fr: [
    'Date (Paris)',
    'Action',
    'Organisme',
    'Auteur',
    'Nom de l’auteur',
    'Type de cible',
    'Cible',
    'Adresse IP',
    'Navigateur',
    'Avant',
    'Après',
    'Détails',
  ],
  en: [
    'Date (Paris)',
    'Action',
    'Organisation',
    'Actor',
    'Actor name',
    'Target type',
    'Target',
    'IP address',
    'User agent',
    'Before',
    'After',
    'Details',
  ],
};

/** Auditors compare with other French records: times are Paris wall-clock, 'YYYY-MM-DD HH:mm:ss'. */
const PARIS_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A prefix for LIKE, the verb's own `_` and `.` taken literally. */
const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');

type Row = typeof auditEvents.$inferSelect;

export function createAuditEventsService(deps: {
  database: Database;
  audit: Pick<AuditService, 'recordEvent'>;
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
}) {
  const { database } = deps;

  /**
   * The organisation read: a trainer's own, whatever the query names (the policy would hide the
   * others anyway); an admin's choice, or every organisation.
   */
  const organizationOf = (actor: SessionUser, filters: AuditEventFilters) =>
    actor.role === 'admin' ? filters.organizationId : (actor.organizationId ?? undefined);

  function whereOf(actor: SessionUser, filters: AuditEventFilters) {
    const organizationId = organizationOf(actor, filters);
    return and(
      organizationId ? eq(auditEvents.organizationId, organizationId) : undefined,
      filters.action ? like(auditEvents.action, prefixPattern(filters.action)) : undefined,
      filters.actor
        ? or(
            ilike(auditEvents.actorEmail, containsPattern(filters.actor)),
            ilike(auditEvents.actorName, containsPattern(filters.actor)),
          )
        : undefined,
      filters.from ? gte(auditEvents.createdAt, new Date(filters.from)) : undefined,
      filters.to ? lte(auditEvents.createdAt, new Date(filters.to)) : undefined,
    );
  }

  const namesOf = (tx: Tx, rows: Row[]) =>
    deps.organizationNames(tx, [
      ...new Set(rows.flatMap((row) => (row.organizationId ? [row.organizationId] : []))),
    ]);

  return {
    /** Newest first, a page at a time, under the table's read policy (staff of the organisation, admins). */
    list(actor: SessionUser, query: AuditEventFilters & PageQuery): Promise<AuditEventList> {
      const where = whereOf(actor, query);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(auditEvents).where(where),
          tx
            .select()
            .from(auditEvents)
            .where(where)
            .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
            .$dynamic(),
          (row) => row,
        );
        const names = await namesOf(tx, page.items);
        return {
          ...page,
          items: page.items.map((row) => ({
            id: row.id,
            action: row.action,
            organizationId: row.organizationId,
            organizationName: row.organizationId ? (names.get(row.organizationId) ?? null) : null,
            actorId: row.actorId,
            actorEmail: row.actorEmail,
            actorName: row.actorName,
            targetType: row.targetType,
            targetId: row.targetId,
            ip: row.ip,
            userAgent: row.userAgent,
            before: row.before,
            after: row.after,
            details: row.details,
            createdAt: row.createdAt.toISOString(),
          })),
        };
      });
    },

    /**
     * Every event of the filters, newest first, as a stream of CSV text. The export is recorded
     * first, in the reader's own transaction (the trail says who took a copy of it, even of an
     * empty one); then events are read AUDIT_EXPORT_BATCH at a time, each batch after the last one's
     * oldest event, so events added meanwhile neither shift nor repeat a line.
     */
    async exportCsv(
      actor: SessionUser,
      filters: AuditEventFilters,
      language: Language,
    ): Promise<AsyncIterable<string>> {
      const organizationId = organizationOf(actor, filters) ?? null;
      await database.withTenant(tenantOf(actor), (tx) =>
        deps.audit.recordEvent(
          {
            action: 'export.created',
            organizationId,
            actor: auditActorOf(actor),
            targetType: 'audit_events',
            targetId: null,
            // The filters as applied: a trainer's organisation is their own, whatever the query named.
            details: {
              export: 'audit_events',
              filters: Object.fromEntries(
                Object.entries({ ...filters, organizationId: organizationId ?? undefined }).filter(
                  ([, value]) => value !== undefined,
                ),
              ),
            },
          },
          tx,
        ),
      );
      const where = whereOf(actor, filters);
      async function* lines() {
        yield EXCEL_CSV_BOM + csvLine(CSV_LABELS[language]);
        let last: Row | undefined;
        for (;;) {
          const { rows, names } = await database.withTenant(tenantOf(actor), async (tx) => {
            const rows = await tx
              .select()
              .from(auditEvents)
              .where(
                and(
                  where,
                  last
                    ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${last.createdAt.toISOString()}::timestamptz, ${last.id}::uuid)`
                    : undefined,
                ),
              )
              .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
              .limit(AUDIT_EXPORT_BATCH);
            return { rows, names: await namesOf(tx, rows) };
          });
          if (rows.length > 0)
            yield rows
              .map((row) =>
                csvLine([
                  PARIS_TIME.format(row.createdAt),
                  row.action,
                  row.organizationId ? (names.get(row.organizationId) ?? row.organizationId) : '',
                  row.actorEmail ?? '',
                  row.actorName ?? '',
                  row.targetType,
                  row.targetId ?? '',
                  row.ip ?? '',
                  row.userAgent ?? '',
                  json(row.before),
                  json(row.after),
                  json(row.details),
                ]),
              )
              .join('');
          if (rows.length < AUDIT_EXPORT_BATCH) return;
          last = rows.at(-1);
        }
      }
      return lines();
    },
  };
}

export type AuditEventsService = ReturnType<typeof createAuditEventsService>;
