import type { Language } from '@cursus/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { AttendanceExtract, ConvocationFacts } from './documents.service.ts';

const COPY = {
  fr: {
    convocation: 'Convocation à la formation',
    greeting: (name: string) => `Bonjour ${name},`,
    intro: (organization: string, course: string) =>
      `${organization} a le plaisir de vous convoquer à la formation « ${course} ».`,
    enrolledOn: 'Inscription enregistrée le',
    duration: 'Durée',
    hours: (value: string) => `${value} heures`,
    modality: 'Modalité',
    modalities: { in_person: 'Présentiel', distance: 'À distance', blended: 'Mixte' },
    objectives: 'Objectifs',
    prerequisites: 'Prérequis',
    schedule: 'Sessions prévues',
    noSession:
      'Les dates des sessions vous seront communiquées par votre organisme. La formation se suit en ligne, à votre rythme, depuis votre espace apprenant.',
    minutes: (value: number) => `${value} min`,
    place: 'Lieu',
    link: 'Lien',
    documents: 'Documents à consulter dans votre espace (rubrique Documents)',
    closing:
      'Merci de vous présenter à l’heure. En cas d’empêchement, prévenez votre formateur depuis la messagerie de votre espace.',
    generatedAt: 'Document généré le',
    attendance: 'Relevé de présence',
    learner: 'Apprenant',
    session: 'Session',
    organization: 'Organisme',
    slot: 'Créneau',
    status: 'Présence',
    signed: 'Signature',
    morning: 'Matin',
    afternoon: 'Après-midi',
    attended: 'Présent',
    absent: 'Absent',
    unmarked: 'Non renseigné',
    reason: 'Motif',
    signedAt: (at: string, method: string) => `signé le ${at} (${method})`,
    notSigned: 'non signé',
    methods: { link: 'lien', qr: 'QR code', in_person: 'sur place' } as Record<string, string>,
    extractNote:
      'Extrait de la feuille d’émargement de la session, limité à vos propres lignes. La feuille complète, avec sa piste d’audit, est tenue par votre organisme.',
  },
  en: {
    convocation: 'Training notice',
    greeting: (name: string) => `Dear ${name},`,
    intro: (organization: string, course: string) =>
      `${organization} is pleased to invite you to the training "${course}".`,
    enrolledOn: 'Enrolled on',
    duration: 'Duration',
    hours: (value: string) => `${value} hours`,
    modality: 'Format',
    modalities: { in_person: 'In person', distance: 'Distance', blended: 'Blended' },
    objectives: 'Objectives',
    prerequisites: 'Prerequisites',
    schedule: 'Scheduled sessions',
    noSession:
      'Your organisation will tell you the dates of the sessions. The training is followed online, at your own pace, from your learner space.',
    minutes: (value: number) => `${value} min`,
    place: 'Place',
    link: 'Link',
    documents: 'Documents to read in your space (Documents)',
    closing: 'Please be on time. If you cannot attend, tell your trainer through the messages of your space.',
    generatedAt: 'Generated on',
    attendance: 'Attendance record',
    learner: 'Learner',
    session: 'Session',
    organization: 'Organisation',
    slot: 'Slot',
    status: 'Attendance',
    signed: 'Signature',
    morning: 'Morning',
    afternoon: 'Afternoon',
    attended: 'Attended',
    absent: 'Absent',
    unmarked: 'Not marked',
    reason: 'Reason',
    signedAt: (at: string, method: string) => `signed on ${at} (${method})`,
    notSigned: 'not signed',
    methods: { link: 'link', qr: 'QR code', in_person: 'in person' } as Record<string, string>,
    extractNote:
      'Extract of the session’s attendance sheet, limited to your own lines. The whole sheet, with its audit trail, is kept by your organisation.',
  },
} as const;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

/** The standard fonts write WinAnsi only: a character outside it becomes its base letter, or '?'. */
function encodable(font: PDFFont, value: string): string {
  const known = new Set(font.getCharacterSet());
  return [...value.replace(/\s+/g, ' ')]
    .map((character) => {
      if (known.has(character.codePointAt(0)!)) return character;
      const base = character.normalize('NFD').replace(/\p{M}/gu, '');
      return base && [...base].every((part) => known.has(part.codePointAt(0)!)) ? base : '?';
    })
    .join('');
}

/** Writes paragraphs top to bottom, wrapped to the page, on as many pages as they need. */
class Writer {
  private page: PDFPage;
  private y = A4.height - MARGIN;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
  }

  static async create(title: string, at: Date) {
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setCreationDate(at);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new Writer(pdf, regular, bold);
  }

  paragraph(value: string, options: { size?: number; bold?: boolean; gap?: number; muted?: boolean } = {}) {
    const size = options.size ?? 11;
    const font = options.bold ? this.bold : this.regular;
    const lines: string[] = [];
    let line = '';
    for (const word of encodable(font, value).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > TEXT_WIDTH && line) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    for (const text of lines) {
      if (this.y - size * 1.4 < MARGIN) {
        this.page = this.pdf.addPage([A4.width, A4.height]);
        this.y = A4.height - MARGIN;
      }
      this.y -= size * 1.4;
      this.page.drawText(text, { x: MARGIN, y: this.y, size, font, color: options.muted ? MUTED : INK });
    }
    this.y -= options.gap ?? 6;
  }

  save() {
    return this.pdf.save();
  }
}

function formatter(language: Language, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: 'Europe/Paris',
    ...options,
  });
}

/**
 * The convocation to a formation, written from what the platform knows of it: the formation's
 * sheet, the learner's group sessions, the documents shared with them. Times are Paris time.
 */
export async function renderConvocationPdf(
  facts: ConvocationFacts,
  language: Language,
  generatedAt: Date,
): Promise<Uint8Array> {
  const copy = COPY[language];
  const day = formatter(language, { dateStyle: 'long' });
  const dateTime = formatter(language, { dateStyle: 'full', timeStyle: 'short' });
  const writer = await Writer.create(`${copy.convocation} - ${facts.course.title}`, generatedAt);
  writer.paragraph(facts.organizationName, { size: 12, bold: true, gap: 2 });
  for (const line of facts.organizationLines) writer.paragraph(line, { size: 9, muted: true, gap: 0 });
  writer.paragraph('', { gap: 16 });
  writer.paragraph(copy.convocation, { size: 20, bold: true, gap: 4 });
  writer.paragraph(facts.course.title, { size: 14, bold: true, gap: 18 });
  writer.paragraph(copy.greeting(facts.studentName));
  writer.paragraph(copy.intro(facts.organizationName, facts.course.title), { gap: 12 });
  writer.paragraph(`${copy.enrolledOn} ${day.format(facts.enrolledAt)}`);
  if (facts.course.durationHours !== null) {
    const hours = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB').format(
      facts.course.durationHours,
    );
    writer.paragraph(`${copy.duration} : ${copy.hours(hours)}`);
  }
  const modality = facts.course.modality as keyof typeof copy.modalities | null;
  if (modality && copy.modalities[modality])
    writer.paragraph(`${copy.modality} : ${copy.modalities[modality]}`);
  if (facts.course.objectives.trim()) {
    writer.paragraph(copy.objectives, { bold: true, gap: 2 });
    writer.paragraph(facts.course.objectives);
  }
  if (facts.course.prerequisites.trim()) {
    writer.paragraph(copy.prerequisites, { bold: true, gap: 2 });
    writer.paragraph(facts.course.prerequisites);
  }
  writer.paragraph(copy.schedule, { size: 13, bold: true, gap: 4 });
  if (facts.sessions.length === 0) writer.paragraph(copy.noSession);
  for (const session of facts.sessions) {
    writer.paragraph(
      `${dateTime.format(session.startsAt)} (Paris) - ${session.title} - ${copy.minutes(session.durationMinutes)}`,
      { bold: true, gap: 2 },
    );
    if (session.location) writer.paragraph(`${copy.place} : ${session.location}`, { gap: 2 });
    if (session.url) writer.paragraph(`${copy.link} : ${session.url}`, { gap: 2 });
    writer.paragraph('', { gap: 2 });
  }
  if (facts.documents.length > 0) {
    writer.paragraph(copy.documents, { size: 13, bold: true, gap: 4 });
    for (const document of facts.documents) writer.paragraph(`- ${document.title}`, { gap: 2 });
    writer.paragraph('', { gap: 6 });
  }
  writer.paragraph(copy.closing, { gap: 18 });
  writer.paragraph(
    `${copy.generatedAt} ${formatter(language, { dateStyle: 'long', timeStyle: 'short' }).format(generatedAt)} (Paris)`,
    {
      size: 9,
      muted: true,
    },
  );
  return writer.save();
}

/** A learner's lines of one session's attendance sheet, with their signatures' times. */
export async function renderAttendanceExtractPdf(
  extract: AttendanceExtract,
  language: Language,
  generatedAt: Date,
): Promise<Uint8Array> {
  const copy = COPY[language];
  const dateTime = formatter(language, { dateStyle: 'medium', timeStyle: 'short' });
  const time = formatter(language, { timeStyle: 'short' });
  const writer = await Writer.create(`${copy.attendance} - ${extract.sessionTitle}`, generatedAt);
  writer.paragraph(copy.attendance, { size: 20, bold: true, gap: 12 });
  writer.paragraph(`${copy.session} : ${extract.sessionTitle}`, { bold: true });
  writer.paragraph(`${copy.organization} : ${extract.organizationName}`);
  writer.paragraph(`${copy.learner} : ${extract.studentName}`, { gap: 14 });
  for (const slot of extract.slots) {
    writer.paragraph(
      `${copy[slot.period]} - ${dateTime.format(slot.startsAt)} - ${time.format(slot.endsAt)} (Paris)`,
      { bold: true, gap: 2 },
    );
    const status = slot.status ? copy[slot.status] : copy.unmarked;
    const signature = slot.signedAt
      ? copy.signedAt(dateTime.format(slot.signedAt), copy.methods[slot.method ?? ''] ?? slot.method ?? '')
      : copy.notSigned;
    writer.paragraph(`${copy.status} : ${status} - ${copy.signed} : ${signature}`, { gap: 2 });
    if (slot.absenceReason) writer.paragraph(`${copy.reason} : ${slot.absenceReason}`, { gap: 2 });
    writer.paragraph('', { gap: 6 });
  }
  writer.paragraph(copy.extractNote, { size: 9, muted: true, gap: 4 });
  writer.paragraph(`${copy.generatedAt} ${dateTime.format(generatedAt)} (Paris)`, { size: 9, muted: true });
  return writer.save();
}

/** A plain document of a title and paragraphs (the demo organisation's rules, terms and programme). */
export async function renderTextPdf(title: string, sections: { heading?: string; body: string }[], at: Date) {
  const writer = await Writer.create(title, at);
  writer.paragraph(title, { size: 18, bold: true, gap: 14 });
  for (const section of sections) {
    if (section.heading) writer.paragraph(section.heading, { size: 12, bold: true, gap: 2 });
    writer.paragraph(section.body, { gap: 10 });
  }
  return writer.save();
}
