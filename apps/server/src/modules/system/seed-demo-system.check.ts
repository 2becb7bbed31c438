import type { SystemAlertList, SystemLogList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoSystem(world: DemoWorld) {
  describe('demo monitoring', () => {
    it('shows the admin a few days of logs, some errors and one critical, none in the last hour', async () => {
      const week = (await world.get('admin', '/api/admin/system/logs?period=7d')).json() as SystemLogList;
      expect(week.total).toBeGreaterThanOrEqual(6);
      const severities = week.items.map((log) => log.severity);
      expect(severities.filter((severity) => severity === 'critical')).toHaveLength(1);
      expect(severities.filter((severity) => severity === 'high').length).toBeGreaterThanOrEqual(2);
      expect(week.items.every((log) => log.organizationName === 'Organisme Démo')).toBe(true);
      const hour = (await world.get('admin', '/api/admin/system/logs?period=1h')).json() as SystemLogList;
      expect(hour.total).toBe(0);
    });

    it('shows one open alert for the critical error and one resolved, and keeps them from trainers', async () => {
      const open = (await world.get('admin', '/api/admin/system/alerts')).json() as SystemAlertList;
      expect(open.items.map((alert) => [alert.alertType, alert.severity])).toEqual([
        ['critical_error', 'critical'],
      ]);
      const resolved = (
        await world.get('admin', '/api/admin/system/alerts?status=resolved')
      ).json() as SystemAlertList;
      expect(resolved.items.map((alert) => alert.alertType)).toEqual(['sync_error']);
      expect((await world.get('julien.moreau', '/api/admin/system/alerts')).statusCode).toBe(403);
    });
  });
}
