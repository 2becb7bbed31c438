import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Modules } from './app.ts';
import type { DemoAccount, DemoPerson } from './modules/auth/auth.module.ts';

export type { DemoAccount } from './modules/auth/auth.module.ts';

const DEMO_DOMAIN = 'demo.cursus.example';

/** How long ago the demo organisation was made: before its earliest enrolment (Lucas's, below). */
const DEMO_ORGANIZATION_DAYS = 300;

/**
 * The demo's people; `joinedDaysAgo` is when each account was made in the story: the staff with the
 * organisation, each learner two days before their first enrolment below, so the admin's sign-ups
 * per week and the learner lists read as the story does.
 */
const DEMO_PEOPLE = [
  { role: 'admin', firstName: 'Claire', lastName: 'Dubois', local: 'admin', joinedDaysAgo: 300 },
  { role: 'trainer', firstName: 'Julien', lastName: 'Moreau', local: 'julien.moreau', joinedDaysAgo: 300 },
  { role: 'trainer', firstName: 'Sophie', lastName: 'Lambert', local: 'sophie.lambert', joinedDaysAgo: 280 },
  { role: 'student', firstName: 'Léa', lastName: 'Martin', local: 'lea.martin', joinedDaysAgo: 30 },
  { role: 'student', firstName: 'Hugo', lastName: 'Bernard', local: 'hugo.bernard', joinedDaysAgo: 30 },
  { role: 'student', firstName: 'Chloé', lastName: 'Petit', local: 'chloe.petit', joinedDaysAgo: 30 },
  { role: 'student', firstName: 'Lucas', lastName: 'Robert', local: 'lucas.robert', joinedDaysAgo: 252 },
  { role: 'student', firstName: 'Inès', lastName: 'Richard', local: 'ines.richard', joinedDaysAgo: 162 },
  { role: 'student', firstName: 'Nathan', lastName: 'Durand', local: 'nathan.durand', joinedDaysAgo: 72 },
] as const;

const DAY_MS = 86_400_000;

type DemoLocal = (typeof DEMO_PEOPLE)[number]['local'];

/**
 * When lessons were completed over sittings ending at `ends` (oldest first), stage after stage: each
 * stage's lessons in the sittings that ended after the stage before's deadline and by its own, spread
 * evenly, the last at the end of the last of them; lessons sharing a sitting end a few minutes apart.
 * A stage without such a sitting (not in the seeded weeks) has its lessons just before its deadline.
 */
function completionTimes(ends: Date[], stages: readonly { lessons: number; by: Date }[]): Date[] {
  const times: Date[] = [];
  let after = Number.NEGATIVE_INFINITY;
  for (const { lessons, by } of stages) {
    const window = ends.filter((end) => end.getTime() > after && end <= by);
    const sittingOf = (lesson: number) =>
      window.length === 0 ? -1 : Math.ceil(((lesson + 1) * window.length) / lessons) - 1;
    for (let lesson = 0; lesson < lessons; lesson++) {
      let later = 0;
      while (lesson + later + 1 < lessons && sittingOf(lesson + later + 1) === sittingOf(lesson)) later++;
      const end = window[sittingOf(lesson)] ?? by;
      times.push(new Date(end.getTime() - later * LESSON_GAP_MS));
    }
    after = by.getTime();
  }
  return times;
}

/** Between two lessons done in one sitting. */
const LESSON_GAP_MS = 4 * 60_000;

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
    analytics,
    attendance,
    auth,
    certificates,
    courses,
    email,
    evaluations,
    exercises,
    forum,
    groupSessions,
    messages,
    notifications,
    organizations,
    planning,
    questions,
    quizzes,
    signatures,
    system,
    timeTracking,
  } = options.modules;
  const now = options.now ?? new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const organization = await organizations.seedDemo(now, daysAgo(DEMO_ORGANIZATION_DAYS));
  const people: DemoPerson[] = DEMO_PEOPLE.map(({ local, joinedDaysAgo, ...person }) => ({
    ...person,
    email: `${local}@${DEMO_DOMAIN}`,
    joinedAt: daysAgo(joinedDaysAgo),
  }));
  const accounts = await auth.seedDemo({ organizationId: organization.id, people });
  await organizations.seedDemoJoined(
    accounts.map((account, index) => ({ userId: account.userId, at: people[index]!.joinedAt! })),
  );
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
    // Four weeks ago: the tracked time below falls within the enrolment, and the enrolments within
    // the analytics' default period (the last 30 days).
    enrolledAt: daysAgo(28),
  });
  // Earlier cohorts of the published formation, for the analytics' months: Lucas finished it,
  // Inès stopped after two lessons, Nathan is going slowly.
  const cohortCompletions = await analytics.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    learners: (
      [
        ['lucas.robert', 250, 99, 200],
        ['ines.richard', 160, 2, 150],
        ['nathan.durand', 70, 4, 12],
      ] as const
    ).map(([local, enrolledDaysAgo, completedLessons, lastLessonDaysAgo]) => ({
      studentId: userIdOf(local),
      enrolledDaysAgo,
      completedLessons,
      lastLessonDaysAgo,
    })),
    now,
  });
  const { signIns, sittingEnds } = await timeTracking.seedDemo({
    students: [
      { userId: userIdOf('lea.martin'), activity: 0.6 },
      { userId: userIdOf('hugo.bernard'), activity: 0.9 },
      // Chloé came in her first weeks, then stopped: the forum's colleagues talk of calling her.
      { userId: userIdOf('chloe.petit'), activity: 0.4, quietDays: 15 },
    ],
    now,
  });
  // Their lessons, done in those sittings and in the order the other seeds tell: Léa's first module
  // before her quiz attempts (9 and 8 days ago); Hugo's first module before he signed it (20 days
  // ago), the second before its quiz and signature (12), the third before his final quiz (5).
  const stagesOf = {
    'lea.martin': [{ lessons: 3, by: daysAgo(10) }],
    'hugo.bernard': [
      { lessons: 3, by: daysAgo(21) },
      { lessons: 2, by: daysAgo(13) },
      { lessons: 3, by: daysAgo(6) },
    ],
  } as const;
  await courses.dateDemoCompletions(
    (['lea.martin', 'hugo.bernard'] as const).map((local) => ({
      studentId: userIdOf(local),
      completedAt: completionTimes(sittingEnds.get(userIdOf(local)) ?? [], stagesOf[local]),
    })),
  );

  // The sittings in which the earlier cohorts did their lessons, with their sign-ins.
  const cohortSignIns = await timeTracking.seedDemoSittings({
    organizationId: organization.id,
    completions: cohortCompletions,
  });
  await system.seedDemo([...signIns, ...cohortSignIns]);
  // The admins' monitoring screens: a few days of logs, an open alert and a resolved one.
  await system.seedMonitoring({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    studentId: userIdOf('hugo.bernard'),
    now,
  });
  await exercises.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    reviewedStudentId: userIdOf('hugo.bernard'),
    waitingStudentId: userIdOf('lea.martin'),
    now,
  });
  await questions.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    studentIds: [userIdOf('lea.martin'), userIdOf('hugo.bernard')],
    now,
  });
  await forum.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    trainerName: 'Julien Moreau',
    colleagueId: userIdOf('sophie.lambert'),
    adminId: userIdOf('admin'),
    now,
  });
  const person = (local: DemoLocal) => {
    const { firstName, lastName } = DEMO_PEOPLE.find((entry) => entry.local === local)!;
    return { id: userIdOf(local), fullName: `${firstName} ${lastName}` };
  };
  await messages.seedDemo({
    organizationId: organization.id,
    organizationName: organization.name,
    trainers: { julien: person('julien.moreau'), sophie: person('sophie.lambert') },
    students: { lea: person('lea.martin'), hugo: person('hugo.bernard'), chloe: person('chloe.petit') },
    now,
  });
  await groupSessions.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    studentIds: [userIdOf('lea.martin'), userIdOf('hugo.bernard'), userIdOf('chloe.petit')],
    now,
  });
  await attendance.seedDemo({ organizationId: organization.id, trainerId: userIdOf('julien.moreau'), now });
  // After the group sessions: Sophie's sessions beside Julien's, and the formations' dates.
  await planning.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('sophie.lambert'),
    studentIds: [userIdOf('lea.martin'), userIdOf('chloe.petit')],
    now,
  });
  await quizzes.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    // Hugo finished the formation lately, Lucas with an earlier cohort (the analytics' seed).
    finishers: [
      { studentId: userIdOf('hugo.bernard'), daysAgo: 5 },
      { studentId: userIdOf('lucas.robert'), daysAgo: 200 },
    ],
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
  // After the formations and the tracked time, whose hours the certificates state.
  const trainer = await organizations.service.loadUser(userIdOf('julien.moreau'));
  if (trainer)
    await certificates.seedDemo({
      organizationId: organization.id,
      trainer: { ...trainer, emailVerified: true },
    });
  // The organisation's rules, terms and programme, and Léa's signed convention, as Julien uploaded them.
  if (trainer)
    await options.modules.documents.seedDemo({
      organizationId: organization.id,
      organizationName: organization.name,
      trainer: { ...trainer, emailVerified: true },
      leaId: userIdOf('lea.martin'),
      now,
    });
  // Hugo finished the published formation and signed it; Léa's first module waits for hers.
  await signatures.seedDemo({
    organizationId: organization.id,
    signedStudentId: userIdOf('hugo.bernard'),
    pendingStudentId: userIdOf('lea.martin'),
    now,
  });
  // Last: the badges follow from the sign-ins, time and completions seeded above.
  await achievements.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    studentIds: [userIdOf('lea.martin'), userIdOf('hugo.bernard'), userIdOf('chloe.petit')],
  });
  // Satisfaction questionnaires on the published formation, answered by the demo learners.
  await evaluations.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    learners: (['hugo.bernard', 'lucas.robert', 'ines.richard', 'nathan.durand'] as const).map((local) => ({
      ...person(local),
      email: `${local}@${DEMO_DOMAIN}`,
    })),
    now,
  });
  // The team: Julien manages, with his CV and diplomas; Sophie teaches, with her CV.
  const sophie = await organizations.service.loadUser(userIdOf('sophie.lambert'));
  if (trainer && sophie)
    await options.modules.trainers.seedDemo({
      organizationId: organization.id,
      manager: { ...trainer, emailVerified: true },
      trainer: { ...sophie, emailVerified: true },
      now,
    });
  // Seven learners invited from a spreadsheet (never signed in yet, so the list pages) and three
  // learners' administrative info.
  if (trainer)
    await options.modules.learners.seedDemo({
      trainer: { ...trainer, emailVerified: true },
      domain: DEMO_DOMAIN,
      learners: {
        lea: userIdOf('lea.martin'),
        hugo: userIdOf('hugo.bernard'),
        chloe: userIdOf('chloe.petit'),
      },
    });
  await notifications.seedDemo(organization);
  await email.seedDemo({
    regularLearnerId: userIdOf('hugo.bernard'),
    trainerId: userIdOf('julien.moreau'),
  });
  // The catalogue: the platform's templates and the demo's writing formation, shared by Julien.
  if (trainer)
    await options.modules.marketplace.seedDemo({ trainer: { ...trainer, emailVerified: true }, now });
  // The Qualiopi registers (indicators 23 to 25, 31, 32): Léa's question became a difficulty to follow.
  await options.modules.registers.seedDemo({
    organizationId: organization.id,
    trainerId: userIdOf('julien.moreau'),
    colleagueId: userIdOf('sophie.lambert'),
    adminId: userIdOf('admin'),
    students: { lea: userIdOf('lea.martin'), hugo: userIdOf('hugo.bernard'), chloe: userIdOf('chloe.petit') },
    now,
  });
  // Qualiopi: the records above evidence several indicators; Julien uploaded the disability adviser's
  // appointment (indicator 26).
  if (trainer)
    await options.modules.compliance.seedDemo({
      organizationId: organization.id,
      trainer: { ...trainer, emailVerified: true },
      now,
    });
  // The funding platform's receiver and its deliveries: Hugo's and Léa's folders, and every kind of refusal.
  await options.modules.fundingWebhooks.seedDemo({
    organizationId: organization.id,
    learners: [
      {
        id: userIdOf('lea.martin'),
        email: `lea.martin@${DEMO_DOMAIN}`,
        firstName: 'Léa',
        lastName: 'Martin',
      },
      {
        id: userIdOf('hugo.bernard'),
        email: `hugo.bernard@${DEMO_DOMAIN}`,
        firstName: 'Hugo',
        lastName: 'Bernard',
      },
    ],
    now,
  });
  // The admin space: a second organisation onboarded by Claire, formations assigned to it, its
  // learners enrolled, and those actions in the audit log.
  const admin = await organizations.service.loadUser(userIdOf('admin'));
  if (admin)
    await options.modules.admin.seedDemo({
      admin: { ...admin, emailVerified: true },
      domain: DEMO_DOMAIN,
      createLearners: async (organizationId) =>
        (
          await auth.seedDemo({
            organizationId,
            people: (
              [
                ['Camille', 'Roux', 'camille.roux'],
                ['Théo', 'Fontaine', 'theo.fontaine'],
                ['Manon', 'Chevalier', 'manon.chevalier'],
              ] as const
            ).map(([firstName, lastName, local]) => ({
              role: 'student' as const,
              firstName,
              lastName,
              email: `${local}@${DEMO_DOMAIN}`,
            })),
          })
        ).map((account) => account.userId),
    });
  // The documents the platform requires, and Claire's reviews: the demo organisation's rules valid,
  // its terms refused with a comment, its insurance missing; Léa's identity document to review.
  if (admin)
    await options.modules.documents.seedDemoRequirements({
      admin: { ...admin, emailVerified: true },
      organizationId: organization.id,
      leaId: userIdOf('lea.martin'),
    });
  const lines = [
    '# Cursus demo accounts, generated at seeding: role, email, password (tab-separated)',
    ...accounts.map((account) => `${account.role}\t${account.email}\t${account.password}`),
  ];
  // On PostgreSQL nothing else creates DATA_DIR.
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(path.join(options.dataDir, 'demo-accounts.txt'), `${lines.join('\n')}\n`, { mode: 0o600 });
  return accounts;
}
