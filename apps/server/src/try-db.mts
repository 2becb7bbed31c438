import { sql } from 'drizzle-orm';
import { openDatabase } from '/work/main/apps/server/src/db/client.ts';
import { profiles } from '/work/main/apps/server/src/db/schema.ts';

const t0 = Date.now();
const d = await openDatabase({});
console.log('open', Date.now() - t0);
await d.migrate();
console.log('migrated', Date.now() - t0);
const rows = await d.withTenant({ userId: 'u1', role: 'trainer', organizationId: null }, async (tx) => {
  const r = await tx.execute(sql`select current_user, current_setting('app.user_id', true) as u`);
  return [r, await tx.select().from(profiles)];
});
console.log(JSON.stringify(rows).slice(0, 300));
const blob = await d.pglite!.dumpDataDir('none');
console.log('dump', blob.size, Date.now() - t0);
const c = await openDatabase({ loadDataDir: blob });
await c.ping();
console.log('clone', Date.now() - t0);
