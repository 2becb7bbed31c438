import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { organizations } from './organizations.tables.ts';

/**
 * Whether an organisation collects its learners' social security numbers (issue 16 point 2), read
 * and switched by the learners module in its own tenant transaction: the request role may update
 * this column of its own organisation only (migration 0025).
 */
export const socialSecurityCollection = {
  async read(tx: Tx, organizationId: string): Promise<boolean> {
    const [row] = await tx
      .select({ value: organizations.collectsSocialSecurityNumber })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row?.value ?? false;
  },
  async set(tx: Tx, organizationId: string, value: boolean): Promise<boolean> {
    const [row] = await tx
      .update(organizations)
      .set({ collectsSocialSecurityNumber: value })
      .where(eq(organizations.id, organizationId))
      .returning({ value: organizations.collectsSocialSecurityNumber });
    return row?.value ?? false;
  },
};
