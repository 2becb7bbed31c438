import { Readable } from 'node:stream';
import type { SessionUser } from '@cursus/contracts';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoTime } from '../../lib/demo-time.ts';
import type { FilesService } from '../files/files.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { conversations, messages } from './messages.tables.ts';

/** A one-page PDF of text lines (Helvetica, WinAnsi): the demo's attachment, readable in any viewer. */
export function buildTextPdf(lines: string[]): Buffer {
  const escapePdfText = (line: string) => line.replace(/[\\()]/g, (character) => `\\${character}`);
  const text = lines.map(
    (line, index) => `BT /F1 12 Tf 56 ${780 - index * 20} Td (${escapePdfText(line)}) Tj ET`,
  );
  const stream = Buffer.from(text.join('\n'), 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  const length = () => parts.reduce((total, part) => total + part.length, 0);
  objects.forEach((object, index) => {
    offsets.push(length());
    parts.push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
  });
  offsets.push(length());
  parts.push(
    Buffer.from(`5 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'),
    stream,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  );
  const xref = length();
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

interface DemoPerson {
  id: string;
  fullName: string;
}

/**
 * Three conversations of the demo organisation: Léa and Julien (his last message, with a PDF
 * attached, not read by her yet), Hugo and Julien (Hugo's question waits for Julien), Chloé and
 * Sophie (all read). Run once, as the owner; the attachment goes through the files module.
 */
export async function seedDemoMessages(
  deps: { database: Database; files: FilesService; notifications: NotificationsService },
  input: {
    organizationId: string;
    organizationName: string;
    trainers: { julien: DemoPerson; sophie: DemoPerson };
    students: { lea: DemoPerson; hugo: DemoPerson; chloe: DemoPerson };
    now: Date;
  },
) {
  const { db } = deps.database;
  const { organizationId, trainers, students, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(conversations)
    .where(eq(conversations.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  // Written at hours people write at (UTC), in the days before the seed, whatever its own time of day.
  const at = (daysAgo: number, hour: number, minute: number) => demoTime(now, -daysAgo, hour, minute);
  const [firstName = '', ...lastNames] = trainers.julien.fullName.split(' ');
  const julien: SessionUser = {
    id: trainers.julien.id,
    email: '',
    fullName: trainers.julien.fullName,
    firstName,
    lastName: lastNames.join(' '),
    role: 'trainer',
    organizationId,
    organizationName: input.organizationName,
    language: 'fr',
    emailVerified: true,
  };
  const attachment = await deps.files.upload(julien, {
    purpose: 'document',
    organizationId,
    fileName: 'fiche-formules-excel.pdf',
    source: Readable.from([
      buildTextPdf([
        'Fiche mémo : formules Excel essentielles',
        '',
        'SOMME(plage) : additionne les valeurs',
        'MOYENNE(plage) : moyenne des valeurs',
        'SI(test; si_vrai; si_faux) : choisit selon un test',
        'RECHERCHEV(valeur; table; colonne; FAUX) : cherche une valeur',
        '$B$2 : référence absolue, figée lors de la recopie',
      ]),
    ]),
  });

  const thread = (
    student: DemoPerson,
    trainer: DemoPerson,
    lines: { from: 'student' | 'trainer'; body: string; at: Date; fileId?: string }[],
    readBy: { student: boolean; trainer: boolean },
  ) => ({ student, trainer, lines, readBy });
  const threads = [
    thread(
      students.lea,
      trainers.julien,
      [
        {
          from: 'student',
          body: 'Bonjour Julien, je bloque sur la fonction SI du module 2 : mon résultat affiche toujours « OK ».',
          at: at(2, 17, 40),
        },
        {
          from: 'trainer',
          body: 'Bonjour Léa ! Vérifiez la référence de la cellule de seuil : sans les $, elle se décale quand vous recopiez la formule.',
          at: at(1, 7, 50),
        },
        { from: 'student', body: 'C’était bien ça, merci beaucoup !', at: at(1, 8, 20) },
        {
          from: 'trainer',
          body: 'Je vous joins une fiche mémo des formules vues en cours, pour l’exercice de la semaine prochaine.',
          at: at(1, 15, 10),
          fileId: attachment.id,
        },
      ],
      { student: false, trainer: true },
    ),
    thread(
      students.hugo,
      trainers.julien,
      [
        {
          from: 'trainer',
          body: 'Bravo Hugo pour le quiz du module 1 ! Vous pouvez passer au tableau de bord des ventes.',
          at: at(3, 9, 30),
        },
        {
          from: 'student',
          body: 'Merci ! Pour la synthèse, faut-il un graphique par trimestre ou un seul pour l’année ?',
          at: at(1, 11, 5),
        },
      ],
      { student: true, trainer: false },
    ),
    thread(
      students.chloe,
      trainers.sophie,
      [
        {
          from: 'trainer',
          body: 'Bonjour Chloé, je suis votre référente pour la formation. N’hésitez pas à m’écrire ici.',
          at: at(20, 9, 0),
        },
        {
          from: 'student',
          body: 'Bonjour Sophie, merci ! Je commence le premier module cette semaine.',
          at: at(19, 12, 30),
        },
      ],
      { student: true, trainer: true },
    ),
  ];

  const unread: { recipient: DemoPerson; conversationId: string; senderName: string; isStudent: boolean }[] =
    [];
  await db.transaction(async (tx) => {
    for (const { student, trainer, lines, readBy } of threads) {
      const last = lines.at(-1)!.at;
      const beforeLast = (lines.at(-2) ?? lines[0]!).at;
      const lastFrom = lines.at(-1)!.from;
      const [conversation] = await tx
        .insert(conversations)
        .values({
          organizationId,
          studentId: student.id,
          trainerId: trainer.id,
          createdAt: new Date(lines[0]!.at.getTime() - 60_000),
          lastMessageAt: last,
          studentLastReadAt: readBy.student ? last : beforeLast,
          trainerLastReadAt: readBy.trainer ? last : beforeLast,
          // The unread side was told once, as sending would have done.
          studentNotifiedAt: readBy.student ? null : last,
          trainerNotifiedAt: readBy.trainer ? null : last,
        })
        .returning({ id: conversations.id });
      await tx.insert(messages).values(
        lines.map((line) => ({
          organizationId,
          conversationId: conversation!.id,
          senderId: line.from === 'student' ? student.id : trainer.id,
          body: line.body,
          fileId: line.fileId ?? null,
          createdAt: line.at,
        })),
      );
      if (!readBy.student || !readBy.trainer)
        unread.push({
          recipient: readBy.student ? trainer : student,
          conversationId: conversation!.id,
          senderName: lastFrom === 'student' ? student.fullName : trainer.fullName,
          isStudent: !readBy.student,
        });
    }
  });
  for (const { recipient, conversationId, senderName, isStudent } of unread)
    await deps.notifications.createNotification(
      { userId: recipient.id, organizationId },
      {
        type: 'message_received',
        metadata: { conversationId, senderName },
        actionUrl: isStudent
          ? `/messages?conversation=${conversationId}`
          : `/trainer/messages?conversation=${conversationId}`,
        ...(isStudent ? {} : { context: 'trainer' }),
      },
    );
}
