import {
  type SessionUser,
  type WatchEntry,
  type WatchEntryInput,
  WatchEntryInputSchema,
  type WatchEntryList,
  type WatchListQuery,
  WatchListQuerySchema,
} from '@cursus/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { watchEntries } from './registers.tables.ts';
import type { RegistersContext } from './registers-context.ts';
import { invalidField, parisToday } from './registers-sql.ts';

/** The watch registers (indicators 23, 24, 25): one table, filtered by indicator. */
export function createWatchService(
  context: RegistersContext,
  improvementExists: (tx: Tx, organizationId: string, id: string) => Promise<boolean>,
) {
  const { asStaff, now } = context;

  const columns = {
    id: watchEntries.id,
    indicator: watchEntries.indicator,
    observedOn: watchEntries.observedOn,
    source: watchEntries.source,
    summary: watchEntries.summary,
    impact: watchEntries.impact,
    improvementId: watchEntries.improvementId,
    improvementTitle: sql<
      string | null
    >`(select a.title from improvement_actions a where a.id = ${watchEntries.improvementId})`,
    createdAt: watchEntries.createdAt,
  };
  type Row = { [K in keyof typeof columns]: unknown };
  const toEntry = (row: Row): WatchEntry =>
    ({ ...row, createdAt: (row.createdAt as Date).toISOString() }) as WatchEntry;

  async function readOne(tx: Tx, organizationId: string, id: string) {
    const [row] = await tx
      .select(columns)
      .from(watchEntries)
      .where(and(eq(watchEntries.organizationId, organizationId), eq(watchEntries.id, id)));
    if (!row) throw new AppError('NOT_FOUND');
    return toEntry(row);
  }

  async function checkFields(
    tx: Tx,
    organizationId: string,
    fields: ReturnType<typeof WatchEntryInputSchema.parse>,
  ) {
    if (fields.improvementId && !(await improvementExists(tx, organizationId, fields.improvementId)))
      throw invalidField('improvementId', 'not an improvement action of the organisation');
    if (fields.observedOn > parisToday(now())) throw invalidField('observedOn', 'in the future');
  }

  return {
    list(actor: SessionUser, query: WatchListQuery): Promise<WatchEntryList> {
      const filters = WatchListQuerySchema.parse(query);
      return asStaff(actor, (tx, organizationId) => {
        const pattern = filters.search ? containsPattern(filters.search) : undefined;
        const where = and(
          eq(watchEntries.organizationId, organizationId),
          filters.indicator ? eq(watchEntries.indicator, filters.indicator) : undefined,
          pattern
            ? or(
                ilike(watchEntries.source, pattern),
                ilike(watchEntries.summary, pattern),
                ilike(watchEntries.impact, pattern),
              )
            : undefined,
        ) as SQL;
        return readPage(
          filters,
          tx.select({ total: count() }).from(watchEntries).where(where),
          tx
            .select(columns)
            .from(watchEntries)
            .where(where)
            .orderBy(desc(watchEntries.observedOn), desc(watchEntries.createdAt))
            .$dynamic(),
          toEntry,
        );
      });
    },

    create(actor: SessionUser, input: WatchEntryInput): Promise<WatchEntry> {
      const fields = WatchEntryInputSchema.parse(input);
      return asStaff(actor, async (tx, organizationId) => {
        await checkFields(tx, organizationId, fields);
        const at = now();
        const [created] = await tx
          .insert(watchEntries)
          .values({
            organizationId,
            ...fields,
            improvementId: fields.improvementId ?? null,
            createdBy: actor.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: watchEntries.id });
        return readOne(tx, organizationId, created!.id);
      });
    },

    update(actor: SessionUser, id: string, input: WatchEntryInput): Promise<WatchEntry> {
      const fields = WatchEntryInputSchema.parse(input);
      return asStaff(actor, async (tx, organizationId) => {
        await readOne(tx, organizationId, id);
        await checkFields(tx, organizationId, fields);
        await tx
          .update(watchEntries)
          .set({ ...fields, improvementId: fields.improvementId ?? null, updatedAt: now() })
          .where(and(eq(watchEntries.organizationId, organizationId), eq(watchEntries.id, id)));
        return readOne(tx, organizationId, id);
      });
    },
  };
}
