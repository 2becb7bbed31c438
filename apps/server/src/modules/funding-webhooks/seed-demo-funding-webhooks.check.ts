import type { WebhookEndpoint, WebhookLogList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoFundingWebhooks(world: DemoWorld) {
  describe('demo funding-platform webhooks', () => {
    it('gives the demo organisation a receiver with its secret, a reference and a dozen deliveries in every status', async () => {
      const logs = (
        await world.get('admin', '/api/admin/funding-webhooks/logs?pageSize=100')
      ).json() as WebhookLogList;
      expect(logs.total).toBeGreaterThanOrEqual(12);
      expect(new Set(logs.items.map((log) => log.status))).toEqual(
        new Set(['processed', 'success', 'error', 'failed']),
      );
      // Every refused or failed delivery names its reason with a code the screens translate.
      for (const log of logs.items.filter((item) => item.status === 'error' || item.status === 'failed'))
        expect(log.errorCode, log.error ?? '').not.toBeNull();
      const organizationId = logs.items[0]!.organizationId;
      const endpoint = (
        await world.get('admin', `/api/admin/funding-webhooks/endpoints/${organizationId}`)
      ).json() as WebhookEndpoint;
      expect(endpoint.isConfigured).toBe(true);
      expect(endpoint.references).toHaveLength(1);
      const denied = await world.get('julien.moreau', '/api/admin/funding-webhooks/logs');
      expect(denied.statusCode).toBe(403);
    });
  });
}
