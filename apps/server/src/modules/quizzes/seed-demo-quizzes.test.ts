import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StudentQuizDetail, StudentQuizList } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signIn, type TestApp } from '../../../test/helper.ts';
import { type DemoAccount, seedDemo } from '../../demo-seed.ts';

let testApp: TestApp;
let dataDir: string;
let accounts: DemoAccount[];

beforeAll(async () => {
  testApp = await createTestApp({ seedsDemo: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-seed-'));
  accounts = await seedDemo({ modules: testApp.modules, dataDir });
});
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get<T>(local: string, url: string): Promise<T> {
  const account = accounts.find((item) => item.email.startsWith(local))!;
  const cookie = cookieHeader(await signIn(testApp.app, account.email, account.password));
  const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('demo quizzes', () => {
  it("lists the demo formation's quizzes for the trainer, with the learners' attempts", async () => {
    const list = await get<{
      items: { title: string; questionCount: number; attemptCount: number; isActive: boolean }[];
    }>('julien.moreau', '/api/quizzes');
    expect(
      list.items.map(({ title, questionCount, attemptCount, isActive }) => ({
        title,
        questionCount,
        attemptCount,
        isActive,
      })),
    ).toEqual(
      expect.arrayContaining([
        { title: 'Quiz : formules et fonctions', questionCount: 5, attemptCount: 3, isActive: true },
        {
          title: 'Évaluation finale : Excel, les fondamentaux',
          questionCount: 8,
          attemptCount: 0,
          isActive: true,
        },
        {
          title: 'Communication écrite : les bases (brouillon)',
          questionCount: 0,
          attemptCount: 0,
          isActive: false,
        },
      ]),
    );
  });

  it('shows Léa a failed then passed module quiz and the final test still to do', async () => {
    const list = await get<StudentQuizList>('lea.martin', '/api/learning/quizzes');
    expect(list.counts).toEqual({ todo: 1, overdue: 0, done: 1 });
    const done = list.items.find((item) => item.status === 'done')!;
    const detail = await get<StudentQuizDetail>('lea.martin', `/api/learning/quizzes/${done.id}`);
    expect(detail).toMatchObject({ attemptCount: 2, hasPassed: true, bestScorePercent: 83, canStart: true });
    expect(detail.attempts.map((attempt) => attempt.passed)).toEqual([true, false]);
  });
});
