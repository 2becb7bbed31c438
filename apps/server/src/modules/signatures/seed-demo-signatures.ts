import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentHashOf } from './signature-content.ts';
import { certifiedSignatures } from './signatures.tables.ts';

const WIDTH = 240;
const HEIGHT = 80;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A handwritten-looking stroke as a greyscale PNG, so the demo's signatures show an image. */
export function drawDemoSignature(variant: number): Buffer {
  const pixels = Buffer.alloc(HEIGHT * (WIDTH + 1), 0xff);
  for (let x = 10; x < WIDTH - 10; x += 1) {
    const t = x / WIDTH;
    const y = Math.round(
      HEIGHT / 2 + Math.sin(t * (9 + variant) + variant) * 18 * (1 - t / 2) + Math.cos(t * 23) * 6,
    );
    for (let dy = -1; dy <= 1; dy += 1) {
      const row = Math.min(HEIGHT - 1, Math.max(0, y + dy));
      pixels[row * (WIDTH + 1) + 1 + x] = 0x20;
    }
  }
  // PNG rows start with their filter type: 0, none.
  for (let row = 0; row < HEIGHT; row += 1) pixels[row * (WIDTH + 1)] = 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo's certified signatures on its published formation: the learner who finished it signed
 * the formation and its first two modules; the other has a pending request for the module she
 * finished. Each is dated a few minutes after the lesson that completed its module or formation
 * (seeded before, in the learner's sittings), as the learner signs when the page asks; `daysAgo`
 * stands in only where no lesson was seeded. Run once, as the owner.
 */
export async function seedDemoSignatures(
  deps: { database: Database },
  input: { organizationId: string; signedStudentId: string; pendingStudentId: string; now: Date },
) {
  const { db } = deps.database;
  const { organizationId, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(certifiedSignatures)
    .where(eq(certifiedSignatures.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  // Each learner's last completion per module, in the modules' order, and over the formation.
  const lastLesson = (studentId: string) => sql`(select json_build_object(
      'modules', coalesce((select json_agg((select max(lc.completed_at) from lesson_completions lc
          join course_lessons l on l.id = lc.lesson_id
          where lc.student_id = ${studentId} and lc.course_id = c.id and l.module_id = m.id) order by m.position)
        from course_modules m where m.course_id = c.id), '[]'),
      'formation', (select max(lc.completed_at) from lesson_completions lc
        where lc.student_id = ${studentId} and lc.course_id = c.id)))`;
  const result = await db.execute(sql`
      select c.id, array(select m.id::text from course_modules m where m.course_id = c.id order by m.position) as module_ids,
        (select coalesce(sum(t.duration_seconds), 0)::int from user_time_tracking t
          where t.user_id = ${input.signedStudentId} and t.course_id = c.id) as tracked_seconds,
        ${lastLesson(input.signedStudentId)} as signed_lessons,
        ${lastLesson(input.pendingStudentId)} as pending_lessons
      from courses c where c.organization_id = ${organizationId} and c.status = 'published'
      order by c.created_at limit 1`);
  type LastLessons = { modules: (string | null)[]; formation: string | null };
  const [course] = (
    result as unknown as {
      rows: {
        id: string;
        module_ids: string[];
        tracked_seconds: number;
        signed_lessons: LastLessons;
        pending_lessons: LastLessons;
      }[];
    }
  ).rows;
  if (!course || course.module_ids.length < 2) return;
  const day = 86_400_000;
  const minute = 60_000;
  /** `minutes` after the lesson that completed it, or `daysAgo` days before now without one. */
  const after = (lesson: string | null | undefined, minutes: number, daysAgo: number) =>
    lesson
      ? new Date(new Date(lesson).getTime() + minutes * minute)
      : new Date(now.getTime() - daysAgo * day);
  const signed = (variant: number, moduleIndex: number | null, daysAgo: number) => {
    const lessons = course.signed_lessons;
    const png = drawDemoSignature(variant);
    const content = {
      organizationId,
      userId: input.signedStudentId,
      formationId: course.id,
      signatureType: moduleIndex === null ? 'formation_completion' : 'module_completion',
      moduleId: moduleIndex === null ? null : course.module_ids[moduleIndex]!,
      moduleIndex,
      progress: 100,
      trackedSeconds: Number(course.tracked_seconds),
      signatureHash: createHash('sha256').update(png).digest('hex'),
      ipAddress: '192.0.2.24',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
      signedAt: after(moduleIndex === null ? lessons.formation : lessons.modules[moduleIndex], 3, daysAgo),
    };
    return {
      ...content,
      signatureStatus: 'signed',
      signatureImage: png.toString('base64'),
      contentHash: contentHashOf(content),
      createdAt: content.signedAt,
    };
  };
  await db.insert(certifiedSignatures).values([
    signed(1, 0, 20),
    signed(1, 1, 12),
    signed(2, null, 3),
    {
      organizationId,
      userId: input.pendingStudentId,
      formationId: course.id,
      signatureType: 'module_completion',
      moduleId: course.module_ids[0]!,
      moduleIndex: 0,
      signatureStatus: 'pending',
      // Asked for as she completed the module.
      createdAt: after(course.pending_lessons.modules[0], 0, 2),
    },
  ]);
}
