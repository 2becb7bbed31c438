import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StudentExerciseList, TrainerExerciseList } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signIn, type TestApp } from '../../../test/helper.ts';
import { type DemoAccount, seedDemo } from '../../demo-seed.ts';

let testApp: TestApp;
let dataDir: string;
let accounts: DemoAccount[];

beforeAll(async () => {
  testApp = await createTestApp({ seedsDemo: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-seed-exercises-'));
  accounts = await seedDemo({ modules: testApp.modules, dataDir });
});
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get<T>(email: string, url: string): Promise<T> {
  const person = accounts.find((candidate) => candidate.email.startsWith(email))!;
  const cookie = cookieHeader(await signIn(testApp.app, person.email, person.password));
  return (await testApp.app.inject({ method: 'GET', url, headers: { cookie } })).json() as T;
}

describe('demo exercises', () => {
  it('gives the trainer two exercises, one with work to review and one reviewed', async () => {
    const list = await get<TrainerExerciseList>('julien.moreau', '/api/trainer/exercises');
    expect(list.items.map((item) => item.title).sort()).toEqual([
      'Calculer un budget mensuel',
      'Synthèse : tableau de bord des ventes',
    ]);
    const budget = list.items.find((item) => item.title === 'Calculer un budget mensuel')!;
    expect(budget.submissionCounts).toEqual({ submitted: 1, reviewed: 1, toRedo: 0 });
    expect(budget.moduleTitle).not.toBeNull();
  });

  it("shows a learner their reviewed work with the trainer's feedback", async () => {
    const mine = await get<StudentExerciseList>('hugo.bernard', '/api/exercises');
    const reviewed = mine.items.find((item) => item.submission?.status === 'reviewed');
    expect(reviewed?.submission?.feedback).toMatch(/Très bon travail/);
    expect(mine.total).toBe(2);
  });
});
