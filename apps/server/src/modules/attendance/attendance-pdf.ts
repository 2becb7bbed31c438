import type { AttendanceSheet, Language } from '@cursus/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { attendanceSignatures } from './attendance.tables.ts';

type SignatureRow = typeof attendanceSignatures.$inferSelect;

const COPY = {
  fr: {
    /** Between a label and its value: French sets a space before the colon. */
    colon: ' : ',
    title: 'Feuille d’émargement',
    session: 'Session',
    organization: 'Organisme',
    morning: 'Matin',
    afternoon: 'Après-midi',
    learner: 'Apprenant',
    status: 'Présence',
    signature: 'Signature',
    signedAt: 'Signé le',
    method: 'Mode',
    attended: 'Présent',
    absent: 'Absent',
    unmarked: 'Non renseigné',
    justified: 'Motif',
    countersignature: 'Contre-signature du formateur',
    noCountersignature: 'Pas encore contre-signé',
    audit: 'Piste d’audit',
    auditIntro:
      'Chaque signature porte l’empreinte SHA-256 de son contenu (session, créneau, signataire, empreinte de l’image, heure du serveur, mode, IP, navigateur) et de la signature précédente : toute modification ultérieure rompt la chaîne.',
    chainValid: 'Chaîne vérifiée : intacte',
    chainBroken: 'Chaîne vérifiée : rompue à la signature n°',
    generatedAt: 'Document généré le',
    methods: { link: 'Lien', qr: 'QR code', in_person: 'Sur place' },
    trainer: 'formateur',
    noLearners: 'Aucun apprenant invité',
  },
  en: {
    colon: ': ',
    title: 'Attendance sheet',
    session: 'Session',
    organization: 'Organisation',
    morning: 'Morning',
    afternoon: 'Afternoon',
    learner: 'Learner',
    status: 'Attendance',
    signature: 'Signature',
    signedAt: 'Signed at',
    method: 'Method',
    attended: 'Attended',
    absent: 'Absent',
    unmarked: 'Not marked',
    justified: 'Reason',
    countersignature: 'Trainer countersignature',
    noCountersignature: 'Not countersigned yet',
    audit: 'Audit trail',
    auditIntro:
      'Each signature carries the SHA-256 of its content (session, slot, signer, image hash, server time, method, IP, browser) and of the previous signature: any later change breaks the chain.',
    chainValid: 'Chain verified: intact',
    chainBroken: 'Chain verified: broken at signature no.',
    generatedAt: 'Generated on',
    methods: { link: 'Link', qr: 'QR code', in_person: 'In person' },
    trainer: 'trainer',
    noLearners: 'No learner invited',
  },
} as const;

// A4 landscape, in points.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;
const ROW_HEIGHT = 42;
const COLUMNS = { learner: MARGIN, status: 250, signature: 380, signedAt: 560, method: 700 };

/** The standard fonts write WinAnsi only: anything else becomes '?' rather than failing the PDF. */
function printable(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u20ac]/g, '?');
}

function pngBytes(dataUrl: string): Uint8Array {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * The session's attendance sheet as an auditor reads it (issue 15 point 2): one table per half-day
 * with each learner's signature image and presence, the trainer's countersignature, then the audit
 * trail of every signature with its server time, method, IP and chained hash.
 */
export async function renderAttendancePdf(input: {
  sheet: AttendanceSheet;
  signatures: SignatureRow[];
  organizationName: string;
  language: Language;
  generatedAt: Date;
}): Promise<Uint8Array> {
  const copy = COPY[input.language];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${copy.title} - ${input.sheet.sessionTitle}`);
  pdf.setCreationDate(input.generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const dateTime = new Intl.DateTimeFormat(input.language === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: 'Europe/Paris',
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const time = (iso: string | Date) => `${dateTime.format(new Date(iso))} (Paris)`;

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const write = (text: string, x: number, size = 10, font: PDFFont = regular, color = rgb(0, 0, 0)) =>
    page.drawText(printable(text), { x, y, size, font, color, maxWidth: PAGE.width - x - MARGIN });
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const room = (needed: number) => {
    if (y - needed < MARGIN) newPage();
  };

  write(copy.title, MARGIN, 18, bold);
  y -= 24;
  write(`${copy.session}${copy.colon}${input.sheet.sessionTitle}`, MARGIN, 12, bold);
  y -= 16;
  write(`${copy.organization}${copy.colon}${input.organizationName}`, MARGIN, 10);
  y -= 14;
  write(`${copy.generatedAt} ${time(input.generatedAt)}`, MARGIN, 9, regular, rgb(0.3, 0.3, 0.3));
  y -= 24;

  for (const slot of input.sheet.slots) {
    room(ROW_HEIGHT * 3);
    write(
      `${copy[slot.period]} - ${time(slot.startsAt)} - ${dateTime.format(new Date(slot.endsAt))}`,
      MARGIN,
      12,
      bold,
    );
    y -= 18;
    for (const [key, x] of Object.entries(COLUMNS)) write(copy[key as keyof typeof COLUMNS], x, 9, bold);
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5 });
    y -= 12;
    if (slot.entries.length === 0) {
      write(copy.noLearners, MARGIN, 9);
      y -= 16;
    }
    for (const entry of slot.entries) {
      room(ROW_HEIGHT);
      write(entry.studentName, COLUMNS.learner, 10);
      const status = entry.status ? copy[entry.status] : copy.unmarked;
      write(status, COLUMNS.status, 10);
      if (entry.absenceReason) {
        y -= 11;
        write(`${copy.justified}${copy.colon}${entry.absenceReason.slice(0, 60)}`, COLUMNS.status, 7);
        y += 11;
      }
      if (entry.signature) {
        const image = await pdf.embedPng(pngBytes(entry.signature.image));
        const scaled = image.scaleToFit(150, ROW_HEIGHT - 6);
        page.drawImage(image, { x: COLUMNS.signature, y: y - scaled.height + 10, ...scaled });
        write(time(entry.signature.signedAt), COLUMNS.signedAt, 8);
        write(copy.methods[entry.signature.method], COLUMNS.method, 9);
      }
      y -= ROW_HEIGHT;
    }
    room(ROW_HEIGHT + 20);
    write(copy.countersignature, MARGIN, 10, bold);
    if (slot.countersignature) {
      const image = await pdf.embedPng(pngBytes(slot.countersignature.image));
      const scaled = image.scaleToFit(150, ROW_HEIGHT - 6);
      page.drawImage(image, { x: COLUMNS.signature, y: y - scaled.height + 10, ...scaled });
      write(
        `${slot.countersignature.signerName}, ${time(slot.countersignature.signedAt)}`,
        COLUMNS.signedAt,
        8,
      );
    } else {
      write(copy.noCountersignature, COLUMNS.status, 9);
    }
    y -= ROW_HEIGHT + 10;
  }

  newPage();
  write(copy.audit, MARGIN, 16, bold);
  y -= 18;
  for (const line of wrap(copy.auditIntro, regular, 9, PAGE.width - 2 * MARGIN)) {
    write(line, MARGIN, 9);
    y -= 12;
  }
  y -= 4;
  const { chain } = input.sheet;
  write(
    chain.isValid ? copy.chainValid : `${copy.chainBroken} ${chain.brokenAt}`,
    MARGIN,
    10,
    bold,
    chain.isValid ? rgb(0, 0.4, 0) : rgb(0.7, 0, 0),
  );
  y -= 20;
  for (const row of input.signatures) {
    room(36);
    const who = row.signerRole === 'trainer' ? `${row.signerName} (${copy.trainer})` : row.signerName;
    write(
      `#${row.sequence}  ${time(row.signedAt)}  ${who}  ${copy.methods[row.method as keyof typeof copy.methods]}`,
      MARGIN,
      9,
      bold,
    );
    y -= 11;
    write(`IP ${row.ipAddress}  ·  ${row.userAgent.slice(0, 110)}`, MARGIN + 12, 7);
    y -= 10;
    write(`SHA-256 ${row.hash}`, MARGIN + 12, 7, regular, rgb(0.2, 0.2, 0.2));
    y -= 15;
  }
  return pdf.save();
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(printable(candidate), size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
