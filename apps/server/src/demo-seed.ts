import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Modules } from './app.ts';
import type { DemoAccount, DemoPerson } from './modules/auth/auth.module.ts';

export type { DemoAccount } from './modules/auth/auth.module.ts';

const DEMO_DOMAIN = 'demo.cursus.example';

const DEMO_PEOPLE = [
  { role: 'admin', firstName: 'Claire', lastName: 'Dubois', local: 'admin' },
  { role: 'trainer', firstName: 'Julien', lastName: 'Moreau', local: 'julien.moreau' },
  { role: 'trainer', firstName: 'Sophie', lastName: 'Lambert', local: 'sophie.lambert' },
  { role: 'student', firstName: 'Léa', lastName: 'Martin', local: 'lea.martin' },
  { role: 'student', firstName: 'Hugo', lastName: 'Bernard', local: 'hugo.bernard' },
  { role: 'student', firstName: 'Chloé', lastName: 'Petit', local: 'chloe.petit' },
  { role: 'student', firstName: 'Lucas', lastName: 'Robert', local: 'lucas.robert' },
  { role: 'student', firstName: 'Inès', lastName: 'Richard', local: 'ines.richard' },
  { role: 'student', firstName: 'Nathan', lastName: 'Durand', local: 'nathan.durand' },
] as const;

type DemoLocal = (typeof DEMO_PEOPLE)[number]['local'];

export async function isDatabaseEmpty(modules: Modules): Promise<boolean> {
  return !(await modules.auth.service.hasAccounts());
}

/**
 * 'Organisme Démo' with real accounts, formations at different stages and a first notification,
 * each part from the module that owns it; the credentials are written to DATA_DIR.
 */
export async function seedDemo(options: {
  modules: Modules;
  dataDir: string;
  now?: Date;
}): Promise<DemoAccount[]> {
  const {
    achievements,
    auth,
    courses,
    exercises,
    notifications,
    organizations,
    quizzes,
    system,
    timeTracking,
  } = options.modules;
  const now = options.now ?? new Date();
  const organization = await organizations.seedDemo();
  const people: DemoPerson[] = DEMO_PEOPLE.map(({ local, ...person }) => ({
    ...person,
    email: `${local}@${DEMO_DOMAIN}`,
  }));
  const accounts = await auth.seedDemo({ organizationId: organization.id, people });
  const userIdOf = (local: DemoLocal) =>
    accounts[DEMO_PEOPLE.findIndex((person) => person.local === local)]!.userId;
  await courses.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    students: [
      { studentId: userIdOf('lea.martin'), completedLessons: 3 },
      { studentId: userIdOf('hugo.bernard'), completedLessons: 8 },
      { studentId: userIdOf('chloe.petit'), completedLessons: 0 },
    ],
    // A month ago: the tracked time below falls within the enrolment.
    enrolledAt: new Date(now.getTime() - 30 * 86_400_000),
  });
  const signIns = await timeTracking.seedDemo({
    students: [
      { userId: userIdOf('lea.martin'), activity: 0.6 },
      { userId: userIdOf('hugo.bernard'), activity: 0.9 },
      { userId: userIdOf('chloe.petit'), activity: 0.2 },
    ],
    now,
  });
  await system.seedDemo(signIns);
  await exercises.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    reviewedStudentId: userIdOf('hugo.bernard'),
    waitingStudentId: userIdOf('lea.martin'),
    now,
  });
  await quizzes.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    passedStudentId: userIdOf('hugo.bernard'),
    retriedStudentId: userIdOf('lea.martin'),
    now,
  });
  // Positioning before the published formation: Léa answered hers before it started.
  await quizzes.seedDemoPositioning({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    student: { id: userIdOf('lea.martin'), email: `lea.martin@${DEMO_DOMAIN}`, fullName: 'Léa Martin' },
    now,
  });
  // Last: the badges follow from the sign-ins, time and completions seeded above.
  await achievements.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    studentIds: [userIdOf('lea.martin'), userIdOf('hugo.bernard'), userIdOf('chloe.petit')],
  });
  await notifications.seedDemo(organization);
  const lines = [
    '# Cursus demo accounts, generated at seeding: role, email, password (tab-separated)',
    ...accounts.map((account) => `${account.role}\t${account.email}\t${account.password}`),
  ];
  // On PostgreSQL nothing else creates DATA_DIR.
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(path.join(options.dataDir, 'demo-accounts.txt'), `${lines.join('\n')}\n`, { mode: 0o600 });
  return accounts;
}
