import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE } from './helper.ts';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const BEFORE = '0013_policy_initplans';

/** A copy of the migrations folder whose journal stops at `lastTag`. */
function migrationsUntil(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'cursus-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// The SQL is the same on both engines: the embedded one proves it once, in the first pass of `npm test`.
describe.skipIf(ENGINE === 'postgres')('migration 0014: notifications stored as a kind and data', () => {
  const partial = migrationsUntil(BEFORE);
  afterAll(() => rmSync(partial, { recursive: true, force: true }));

  it('keeps the stored notifications the web can write, with their data, and drops the sentences', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: partial });
    await client.exec(`
      insert into organizations (id, name) values ('00000000-0000-4000-8000-00000000000a', 'Organisme Ancien');
      insert into auth_users (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Camille', 'camille@example.com', true, now(), now());
      insert into notifications (organization_id, user_id, type, title, message, context, metadata) values
        ('00000000-0000-4000-8000-00000000000a', 'u1', 'welcome', 'Bienvenue sur Cursus', 'Votre espace est prêt', null, null),
        ('00000000-0000-4000-8000-00000000000a', 'u1', 'time_tracking_issue', 'Suivi du temps', 'Une session est bloquée', 'trainer',
          '{"studentId":"s1","studentName":"Léa","studentEmail":"lea@example.com","issueType":"session_stuck"}'),
        ('00000000-0000-4000-8000-00000000000a', 'u1', 'legacy_kind', 'Ancien', 'Texte figé', null, null);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ type: string; context: string | null; metadata: unknown }>(
      'select type, context, metadata from notifications order by type',
    );
    expect(rows).toEqual([
      {
        type: 'time_tracking_issue',
        context: 'trainer',
        metadata: {
          studentId: 's1',
          studentName: 'Léa',
          studentEmail: 'lea@example.com',
          issueType: 'session_stuck',
        },
      },
      { type: 'welcome', context: 'trainer', metadata: { organizationName: 'Organisme Ancien' } },
    ]);
    const columns = await client.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'notifications'",
    );
    expect(columns.rows.map((row) => row.column_name)).not.toContain('title');
    await client.close();
  }, 60_000);
});
