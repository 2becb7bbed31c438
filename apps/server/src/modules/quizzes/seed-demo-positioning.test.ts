import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PositioningInvitation, PositioningStudentReport } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signIn, type TestApp } from '../../../test/helper.ts';
import { type DemoAccount, seedDemo } from '../../demo-seed.ts';

let testApp: TestApp;
let dataDir: string;
let accounts: DemoAccount[];
let cookie: string;

beforeAll(async () => {
  testApp = await createTestApp({ seedsDemo: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-seed-positioning-'));
  accounts = await seedDemo({ modules: testApp.modules, dataDir });
  const trainer = accounts.find((account) => account.email.startsWith('julien.moreau'))!;
  cookie = cookieHeader(await signIn(testApp.app, trainer.email, trainer.password));
});
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async <T>(url: string) =>
  (await testApp.app.inject({ method: 'GET', url, headers: { cookie } })).json() as T;

describe('demo positioning', () => {
  it('gives the trainer invitations in every state, scored by the app', async () => {
    const list = await get<{ items: PositioningInvitation[] }>('/api/positioning/invitations');
    expect(list.items.map((item) => item.status).sort()).toEqual([
      'answered',
      'answered',
      'expired',
      'pending',
    ]);
    expect(
      list.items.filter((item) => item.status === 'answered').every((item) => item.scorePercent !== null),
    ).toBe(true);
  });

  it("shows Léa's positioning on her record, with her answers", async () => {
    const lea = accounts.find((account) => account.email.startsWith('lea.martin'))!;
    const report = await get<PositioningStudentReport>(`/api/positioning/reports/students/${lea.userId}`);
    expect(report.items).toHaveLength(1);
    expect(report.items[0]).toMatchObject({ status: 'answered', student: { fullName: 'Léa Martin' } });
    const detail = await get<{ questions: unknown[] }>(`/api/guest-attempts/${report.items[0]!.attemptId}`);
    expect(detail.questions).toHaveLength(4);
  });
});
