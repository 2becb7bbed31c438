import type { CertificateKind } from '@cursus/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';

/**
 * What a certificate states; the provider's address, SIRET and NDA (from its legal info) are printed
 * as a dash when the organisation has not given them.
 */
export interface CertificateContent {
  kind: CertificateKind;
  code: string;
  verifyUrl: string;
  studentName: string;
  /** Blank when the learner's administrative info names no employer. */
  employer: string | null;
  courseTitle: string;
  courseObjectives: string;
  organizationName: string;
  organizationAddress: string | null;
  organizationSiret: string | null;
  organizationNda: string | null;
  trackedSeconds: number;
  firstActivityAt: Date | null;
  lastActivityAt: Date | null;
  issuedAt: Date;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const DASH = '—';

const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' });

export function formatDate(date: Date | null): string {
  return date ? parisDate.format(date) : DASH;
}

/** Hours realised as the ministry model writes a duration: "12 h 05". */
export function formatHours(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The standard fonts encode WinAnsi only: a character outside it (a Polish ł, an emoji) would throw
 * while drawing. Accents are kept; anything else falls back to its base letter, or a question mark.
 */
const NO_DECOMPOSITION: Record<string, string> = { Ł: 'L', ł: 'l', Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', ı: 'i' };

function encodable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ')]
    .map((character) => {
      if (known.has(character.codePointAt(0)!)) return character;
      const base = NO_DECOMPOSITION[character] ?? character.normalize('NFD').replace(/\p{M}/gu, '');
      return [...base].every((part) => known.has(part.codePointAt(0)!)) && base ? base : '?';
    })
    .join('');
}

class Writer {
  y = A4.height - MARGIN;

  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  /** Draws a paragraph wrapped to the text width, then moves below it. */
  paragraph(text: string, options: { size?: number; bold?: boolean; gap?: number; color?: typeof INK } = {}) {
    const size = options.size ?? 11;
    const font = options.bold ? this.bold : this.regular;
    const words = encodable(font, text).split(' ');
    let line = '';
    const lines: string[] = [];
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > TEXT_WIDTH && line) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    for (const text of lines) {
      this.y -= size * 1.35;
      this.page.drawText(text, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 6;
  }

  /**
   * A label and its value on one line; the value is bold, a dash when missing (null), a blank line
   * to fill by hand when empty.
   */
  field(label: string, value: string | null, size = 11) {
    this.y -= size * 1.35;
    const shown = encodable(this.regular, `${label} : `);
    this.page.drawText(shown, { x: MARGIN, y: this.y, size, font: this.regular, color: MUTED });
    const x = MARGIN + this.regular.widthOfTextAtSize(shown, size);
    if (value === '') {
      const end = Math.min(x + 220, A4.width - MARGIN);
      this.page.drawLine({
        start: { x, y: this.y - 2 },
        end: { x: end, y: this.y - 2 },
        thickness: 0.5,
        color: MUTED,
      });
      this.y -= 4;
      return;
    }
    const text = encodable(this.bold, value ?? DASH);
    this.page.drawText(text, { x, y: this.y, size, font: this.bold, color: INK, maxWidth: TEXT_WIDTH - x });
    this.y -= 4;
  }

  /** A check box as the ministry model draws the natures of action. */
  checkbox(label: string, checked: boolean) {
    const size = 10;
    this.y -= size * 1.6;
    this.page.drawRectangle({
      x: MARGIN + 8,
      y: this.y - 1,
      width: 9,
      height: 9,
      borderColor: INK,
      borderWidth: 0.8,
    });
    if (checked) {
      this.page.drawLine({
        start: { x: MARGIN + 9.5, y: this.y + 0.5 },
        end: { x: MARGIN + 15.5, y: this.y + 6.5 },
        thickness: 1,
        color: INK,
      });
      this.page.drawLine({
        start: { x: MARGIN + 9.5, y: this.y + 6.5 },
        end: { x: MARGIN + 15.5, y: this.y + 0.5 },
        thickness: 1,
        color: INK,
      });
    }
    this.page.drawText(encodable(this.regular, label), {
      x: MARGIN + 24,
      y: this.y,
      size,
      font: this.regular,
      color: INK,
    });
  }

  space(points: number) {
    this.y -= points;
  }
}

function providerBlock(writer: Writer, content: CertificateContent) {
  writer.paragraph('Dispensateur de l’action', { bold: true, size: 12, gap: 2 });
  writer.field('Organisme', content.organizationName);
  writer.field('Adresse', content.organizationAddress);
  writer.field('SIRET', content.organizationSiret);
  writer.field('N° de déclaration d’activité', content.organizationNda);
  writer.space(10);
}

function signatureBlock(writer: Writer, content: CertificateContent) {
  writer.space(8);
  writer.field('Fait à', '');
  writer.field('Le', formatDate(content.issuedAt));
  writer.space(14);
  writer.paragraph('Cachet et signature du responsable du dispensateur de l’action', {
    size: 10,
    color: MUTED,
    gap: 40,
  });
  writer.page.drawLine({
    start: { x: MARGIN, y: writer.y },
    end: { x: MARGIN + 220, y: writer.y },
    thickness: 0.6,
    color: MUTED,
  });
}

function realisation(writer: Writer, content: CertificateContent) {
  writer.paragraph('CERTIFICAT DE RÉALISATION', { size: 20, bold: true, gap: 4 });
  writer.paragraph('Article L.6353-1 du Code du travail', { size: 10, color: MUTED, gap: 18 });
  providerBlock(writer, content);
  writer.paragraph(
    `Je soussigné(e), représentant(e) légal(e) du dispensateur de l’action concourant au développement des compétences ${content.organizationName}, atteste que :`,
  );
  writer.field('Apprenant', content.studentName);
  writer.field('Salarié(e) de l’entreprise', content.employer ?? '');
  writer.space(6);
  writer.field('a suivi l’action', content.courseTitle);
  writer.space(4);
  writer.paragraph('Nature de l’action concourant au développement des compétences :', { gap: 0 });
  writer.checkbox('action de formation', true);
  writer.checkbox('bilan de compétences', false);
  writer.checkbox('action de VAE', false);
  writer.checkbox('action de formation par apprentissage', false);
  writer.space(10);
  writer.field(
    'qui s’est déroulée du',
    `${formatDate(content.firstActivityAt)} au ${formatDate(content.lastActivityAt)}`,
  );
  writer.field('pour une durée réalisée de', `${formatHours(content.trackedSeconds)} heures`);
  writer.paragraph(
    'Durée calculée à partir du temps d’apprentissage enregistré par la plateforme pour cette formation.',
    { size: 9, color: MUTED, gap: 10 },
  );
  writer.paragraph(
    'Sans préjudice des délais imposés par les règles fiscales, comptables ou commerciales, je m’engage à conserver l’ensemble des pièces justificatives qui ont permis d’établir le présent certificat pendant une durée de 3 ans à compter de la fin de l’année du dernier paiement. En cas de cofinancement des fonds européens, la durée de conservation est étendue conformément aux obligations conventionnelles spécifiques.',
    { size: 9, color: MUTED },
  );
  signatureBlock(writer, content);
}

function completion(writer: Writer, content: CertificateContent) {
  writer.paragraph('ATTESTATION DE FIN DE FORMATION', { size: 20, bold: true, gap: 4 });
  writer.paragraph('Article L.6353-1 du Code du travail', { size: 10, color: MUTED, gap: 18 });
  providerBlock(writer, content);
  writer.paragraph(`${content.organizationName} atteste que :`);
  writer.field('Apprenant', content.studentName);
  writer.space(6);
  writer.field('a suivi et terminé la formation', content.courseTitle);
  writer.field('Nature de l’action', 'action de formation');
  writer.field('Du', `${formatDate(content.firstActivityAt)} au ${formatDate(content.lastActivityAt)}`);
  writer.field('Durée réalisée', `${formatHours(content.trackedSeconds)} heures`);
  writer.space(8);
  if (content.courseObjectives.trim()) {
    writer.paragraph('Objectifs de la formation', { bold: true, gap: 0 });
    const objectives = content.courseObjectives.trim();
    writer.paragraph(objectives.length > 700 ? `${objectives.slice(0, 700)}…` : objectives, { size: 10 });
  }
  writer.paragraph('Résultat de l’évaluation des acquis', { bold: true, gap: 0 });
  writer.paragraph('Formation terminée : toutes les leçons du parcours ont été validées.', { size: 10 });
  signatureBlock(writer, content);
}

/** The footer every certificate carries: its code, the verification address and its QR code. */
async function verificationFooter(document: PDFDocument, writer: Writer, content: CertificateContent) {
  const png = await QRCode.toBuffer(content.verifyUrl, {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  const image = await document.embedPng(png);
  const size = 84;
  const x = A4.width - MARGIN - size;
  const y = MARGIN;
  writer.page.drawImage(image, { x, y, width: size, height: size });
  const lines = [
    `Code de vérification : ${content.code}`,
    'Vérifiez l’authenticité de ce document à l’adresse :',
    content.verifyUrl,
  ];
  lines.forEach((line, index) => {
    writer.page.drawText(encodable(writer.regular, line), {
      x: MARGIN,
      y: y + size - 14 - index * 13,
      size: index === 0 ? 10 : 8.5,
      font: index === 0 ? writer.bold : writer.regular,
      color: index === 0 ? INK : MUTED,
      maxWidth: x - MARGIN - 12,
    });
  });
}

/** One A4 page, in French (the ministry's model), with the verification QR code embedded. */
export async function renderCertificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const title =
    content.kind === 'realisation' ? 'Certificat de réalisation' : 'Attestation de fin de formation';
  document.setTitle(`${title} — ${content.studentName}`);
  document.setAuthor(content.organizationName);
  document.setCreator('Cursus');
  document.setCreationDate(content.issuedAt);
  document.setLanguage('fr-FR');
  const page = document.addPage([A4.width, A4.height]);
  const writer = new Writer(
    page,
    await document.embedFont(StandardFonts.Helvetica),
    await document.embedFont(StandardFonts.HelveticaBold),
  );
  if (content.kind === 'realisation') realisation(writer, content);
  else completion(writer, content);
  await verificationFooter(document, writer, content);
  return document.save();
}
