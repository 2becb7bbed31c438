import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { seedDemoCourses } from '../courses/seed-demo-courses.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import type { OrganizationsService } from './organizations.service.ts';
import { organizations as organizationsTable } from './organizations.tables.ts';

export const DEMO_ORGANIZATION_NAME = 'Organisme Démo';
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

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** Random, and always meets the SPEC 5 rules (upper, lower, digit, symbol). */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-Kq7`;
}

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ total: count() }).from(authUsers);
  return (row?.total ?? 0) === 0;
}

/** Creates 'Organisme Démo' with real accounts, and writes their credentials to DATA_DIR. */
export async function seedDemo(options: {
  database: Database;
  authService: AuthService;
  organizations: OrganizationsService;
  dataDir: string;
}): Promise<DemoAccount[]> {
  const { database, authService, organizations } = options;
  const { db } = database;
  const [organization] = await db
    .insert(organizationsTable)
    .values({ name: DEMO_ORGANIZATION_NAME })
    .returning({ id: organizationsTable.id });
  const accounts: DemoAccount[] = [];
  const userIds = new Map<string, string>();
  for (const person of DEMO_PEOPLE) {
    const email = `${person.local}@${DEMO_DOMAIN}`;
    const password = generatePassword();
    const { user } = await authService.auth.api.signUpEmail({
      body: { name: `${person.firstName} ${person.lastName}`, email, password },
    });
    await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, user.id));
    await organizations.createAccount({
      userId: user.id,
      email,
      firstName: person.firstName,
      lastName: person.lastName,
      role: person.role,
      organizationId: organization!.id,
      language: 'fr',
    });
    accounts.push({ role: person.role, email, password });
    userIds.set(person.local, user.id);
  }
  // Formations with learners at different stages, so lists, lessons and progress are not empty.
  await seedDemoCourses({
    database,
    organizationId: organization!.id,
    trainerId: userIds.get('julien.moreau')!,
    learners: [
      { studentId: userIds.get('lea.martin')!, completedLessons: 3 },
      { studentId: userIds.get('hugo.bernard')!, completedLessons: 8 },
      { studentId: userIds.get('chloe.petit')!, completedLessons: 0 },
    ],
  });
  // A first, real notification, so the trainers' bell is not empty on a fresh demo (accounts are in French).
  await createNotificationsService({
    database,
    listStaffIds: organizations.listStaffIds,
  }).notifyOrganizationStaff(organization!.id, {
    type: 'welcome',
    title: 'Bienvenue sur Cursus',
    message: `Votre espace ${DEMO_ORGANIZATION_NAME} est prêt : retrouvez vos apprenants et vos formations depuis le tableau de bord.`,
    actionUrl: '/trainer/dashboard',
  });
  const lines = [
    '# Cursus demo accounts, generated at seeding: role, email, password (tab-separated)',
    ...accounts.map((account) => `${account.role}\t${account.email}\t${account.password}`),
  ];
  writeFileSync(path.join(options.dataDir, 'demo-accounts.txt'), `${lines.join('\n')}\n`, { mode: 0o600 });
  return accounts;
}
