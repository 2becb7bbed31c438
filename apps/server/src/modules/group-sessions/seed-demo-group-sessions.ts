import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoWorkday } from '../../lib/demo-time.ts';
import { groupSessionParticipants, groupSessions } from './group-sessions.tables.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A past session, one today (the next working day when the seed runs on a weekend) and two to come
 * on the demo's published formation, the demo learners invited, all on working days. Run once, as the owner; no email goes out (the learners did not ask for one at seeding).
 */
export async function seedDemoGroupSessions(
  deps: { database: Database },
  input: { organizationId: string; trainerId: string; studentIds: string[]; now: Date },
) {
  const { db } = deps.database;
  const { organizationId, trainerId, studentIds, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(groupSessions)
    .where(eq(groupSessions.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  const result = await db.execute(sql`select c.id from courses c
    where c.organization_id = ${organizationId} and c.status = 'published' order by c.created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string }[] }).rows;
  const courseId = course?.id ?? null;
  const sessions = [
    {
      title: 'Lancement de la formation Excel',
      description: 'Présentation du programme, des objectifs et tour de table des participants.',
      meetingDate: demoWorkday(now, -7, 8),
      durationMinutes: 90,
      location: 'Salle Lumière, 12 rue de la République, Lyon',
      meetingUrl: null,
      invited: studentIds,
    },
    {
      title: 'Atelier : tableaux croisés dynamiques',
      description: 'Cas pratique en direct : construire un tableau croisé à partir des ventes du trimestre.',
      meetingDate: demoWorkday(now, 0, 13),
      durationMinutes: 120,
      location: null,
      meetingUrl: 'https://meet.jit.si/cursus-demo-atelier-tcd',
      invited: studentIds,
    },
    {
      title: 'Questions-réponses avant l’évaluation',
      description: 'Venez avec vos questions sur les formules et les graphiques.',
      meetingDate: demoWorkday(now, 2, 15, 30),
      durationMinutes: 60,
      location: null,
      meetingUrl: 'https://meet.jit.si/cursus-demo-questions',
      invited: studentIds,
    },
    {
      title: 'Bilan de fin de parcours',
      description: 'Retour sur les acquis et remise des attestations.',
      meetingDate: demoWorkday(now, 14, 8, 30),
      durationMinutes: 180,
      location: 'Salle Lumière, 12 rue de la République, Lyon',
      meetingUrl: null,
      invited: studentIds.slice(0, 2),
    },
  ];
  await db.transaction(async (tx) => {
    for (const { invited, ...session } of sessions) {
      const [row] = await tx
        .insert(groupSessions)
        .values({
          ...session,
          organizationId,
          courseId,
          createdBy: trainerId,
          createdAt: new Date(now.getTime() - 10 * DAY_MS),
          updatedAt: new Date(now.getTime() - 10 * DAY_MS),
        })
        .returning({ id: groupSessions.id });
      if (invited.length === 0) continue;
      await tx
        .insert(groupSessionParticipants)
        .values(invited.map((studentId) => ({ organizationId, sessionId: row!.id, studentId })));
    }
  });
}
