import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { createFieldCipher } from '../../lib/secret.ts';
import { fundingWebhookEndpoints } from './funding-webhooks.tables.ts';
import { generateFundingSecret } from './signature.ts';

/**
 * Each organisation's webhook secret, encrypted at rest under `key`: FUNDING_WEBHOOK_SECRET when set
 * (so a database dump without the environment reveals no secret), else the server secret. Changing
 * the key makes the stored secrets unreadable: every organisation's must then be rotated.
 */
export function createEndpointSecrets(deps: { database: Database; key: string; now: () => Date }) {
  const cipher = createFieldCipher(deps.key, 'funding-webhook-secret');
  return {
    /** The receiver's read, as the service role (a public request has no tenant). */
    async secretOf(organizationId: string): Promise<string | null> {
      const [row] = await deps.database.service
        .select({ secretCiphertext: fundingWebhookEndpoints.secretCiphertext })
        .from(fundingWebhookEndpoints)
        .where(eq(fundingWebhookEndpoints.organizationId, organizationId));
      return row ? cipher.decrypt(row.secretCiphertext) : null;
    },

    /** An admin's read, in their transaction. */
    async reveal(tx: Tx, organizationId: string): Promise<string | null> {
      const [row] = await tx
        .select({ secretCiphertext: fundingWebhookEndpoints.secretCiphertext })
        .from(fundingWebhookEndpoints)
        .where(eq(fundingWebhookEndpoints.organizationId, organizationId));
      return row ? cipher.decrypt(row.secretCiphertext) : null;
    },

    /** A new secret, replacing the old one at once. */
    async rotate(tx: Tx | Database['db'], organizationId: string, by: string | null): Promise<string> {
      const secret = generateFundingSecret();
      const values = { secretCiphertext: cipher.encrypt(secret), rotatedBy: by, rotatedAt: deps.now() };
      await tx
        .insert(fundingWebhookEndpoints)
        .values({ organizationId, ...values, createdAt: deps.now() })
        .onConflictDoUpdate({ target: fundingWebhookEndpoints.organizationId, set: values });
      return secret;
    },
  };
}

export type EndpointSecrets = ReturnType<typeof createEndpointSecrets>;
