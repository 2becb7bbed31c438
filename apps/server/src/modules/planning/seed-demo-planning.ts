import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoWorkday } from '../../lib/demo-time.ts';
import { parisDateOf } from './planning.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (now: Date, days: number) => parisDateOf(new Date(now.getTime() + days * DAY_MS));

/**
 * The demo's planning: dates on its formations (the published one under way, the draft next month)
 * and Sophie Lambert's sessions beside Julien Moreau's, so this month's calendar has several
 * events and the trainer filter tells them apart. Run once, as the owner, after the group sessions.
 */
export async function seedDemoPlanning(
  deps: { database: Database },
  input: { organizationId: string; trainerId: string; studentIds: string[]; now: Date },
) {
  const { db } = deps.database;
  const { organizationId, trainerId, studentIds, now } = input;
  const rows = (
    (await db.execute(sql`select c.id, c.status, c.starts_on as "startsOn" from courses c
      where c.organization_id = ${organizationId} order by c.created_at, c.id`)) as unknown as {
      rows: { id: string; status: string; startsOn: string | null }[];
    }
  ).rows;
  if (rows.some((row) => row.startsOn !== null)) return;
  const published = rows.find((row) => row.status === 'published');
  const later = rows.filter((row) => row !== published);
  await db.transaction(async (tx) => {
    if (published) {
      await tx.execute(sql`update courses set starts_on = ${dayOf(now, -10)}::date,
        ends_on = ${dayOf(now, 20)}::date where id = ${published.id}`);
    }
    for (const [index, course] of later.entries()) {
      const start = 30 + index * 14;
      await tx.execute(sql`update courses set starts_on = ${dayOf(now, start)}::date,
        ends_on = ${dayOf(now, start + 4)}::date where id = ${course.id}`);
    }
    const sessions = [
      {
        title: 'Classe virtuelle : formules conditionnelles',
        days: -3,
        hour: 7,
        minutes: 120,
        location: null,
        meetingUrl: 'https://meet.jit.si/cursus-demo-formules',
      },
      {
        title: 'Permanence individuelle',
        days: 4,
        hour: 12,
        minutes: 60,
        location: 'Bureau 2, 12 rue de la République, Lyon',
        meetingUrl: null,
      },
      {
        title: 'Atelier : graphiques et mise en page',
        days: 9,
        hour: 8,
        minutes: 210,
        location: 'Salle Lumière, 12 rue de la République, Lyon',
        meetingUrl: null,
      },
    ];
    for (const session of sessions) {
      const inserted = (await tx.execute(sql`insert into group_sessions
          (organization_id, course_id, title, description, meeting_date, duration_minutes, location,
           meeting_url, created_by, created_at, updated_at)
        values (${organizationId}, ${published?.id ?? null}, ${session.title}, '',
          ${demoWorkday(now, session.days, session.hour).toISOString()}::timestamptz, ${session.minutes},
          ${session.location}, ${session.meetingUrl}, ${trainerId},
          ${new Date(now.getTime() - 5 * DAY_MS).toISOString()}::timestamptz,
          ${new Date(now.getTime() - 5 * DAY_MS).toISOString()}::timestamptz)
        returning id`)) as unknown as { rows: { id: string }[] };
      const sessionId = inserted.rows[0]!.id;
      for (const studentId of studentIds) {
        await tx.execute(sql`insert into group_session_participants (organization_id, session_id, student_id)
          values (${organizationId}, ${sessionId}, ${studentId})`);
      }
    }
  });
}
