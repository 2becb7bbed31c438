import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const NO_DECOMPOSITION: Record<string, string> = { Ł: 'L', ł: 'l', Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', ı: 'i' };

/**
 * The standard fonts write WinAnsi only: a character outside it (a Polish ł, an emoji) would throw
 * while drawing. Accents are kept; anything else becomes its base letter, or a question mark.
 */
function encodable(font: PDFFont, value: string): string {
  const known = new Set(font.getCharacterSet());
  return [...value.replace(/\s+/g, ' ')]
    .map((character) => {
      if (known.has(character.codePointAt(0)!)) return character;
      const base = NO_DECOMPOSITION[character] ?? character.normalize('NFD').replace(/\p{M}/gu, '');
      return base && [...base].every((part) => known.has(part.codePointAt(0)!)) ? base : '?';
    })
    .join('');
}

export interface ParagraphOptions {
  size?: number;
  bold?: boolean;
  gap?: number;
  muted?: boolean;
  /** Points from the left margin (a list's items). */
  indent?: number;
}

/** An A4 document of paragraphs written top to bottom, wrapped, on as many pages as they need. */
export class PdfTextWriter {
  private page: PDFPage;
  private y = A4.height - MARGIN;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
  }

  static async create(title: string, at: Date): Promise<PdfTextWriter> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setCreationDate(at);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new PdfTextWriter(pdf, regular, bold);
  }

  paragraph(value: string, options: ParagraphOptions = {}): void {
    const size = options.size ?? 11;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    const lines: string[] = [];
    let line = '';
    for (const word of encodable(font, value).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > TEXT_WIDTH - indent && line) {
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
      this.page.drawText(text, {
        x: MARGIN + indent,
        y: this.y,
        size,
        font,
        color: options.muted ? MUTED : INK,
      });
    }
    this.y -= options.gap ?? 6;
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}
