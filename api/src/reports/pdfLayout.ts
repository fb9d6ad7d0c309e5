// A small top-to-bottom layout over pdf-lib: headings, label/value rows, wrapped paragraphs,
// tables and images, with page breaks and a footer on every page. Standard fonts only (no font
// files to ship), so text is reduced to what their WinAnsi encoding can show.
import {
  PDFDocument,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type RGB,
} from 'pdf-lib';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const FOOTER_SPACE = 36;

export const COLOURS = {
  ink: rgb(0.12, 0.16, 0.2),
  muted: rgb(0.36, 0.4, 0.45),
  rule: rgb(0.85, 0.87, 0.9),
  primary: rgb(0.1, 0.34, 0.72),
  green: rgb(0.18, 0.55, 0.25),
  yellow: rgb(0.85, 0.65, 0.05),
  orange: rgb(0.9, 0.45, 0.1),
  red: rgb(0.8, 0.15, 0.15),
} as const;

export class PdfLayout {
  private page: PDFPage;
  private y: number;

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly supported: Set<number>,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  static async create(title: string): Promise<PdfLayout> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setAuthor('Hostdash');
    doc.setCreator('Hostdash API');
    doc.setProducer('Hostdash API (pdf-lib)');
    const now = new Date();
    doc.setCreationDate(now);
    doc.setModificationDate(now);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new PdfLayout(doc, regular, bold, new Set(regular.getCharacterSet()));
  }

  /** Text the standard fonts can draw: accents kept where WinAnsi has them, else dropped, else `?`. */
  safe(text: string): string {
    let out = '';
    for (const char of text.normalize('NFC')) {
      const code = char.codePointAt(0) ?? 63;
      if (char === '\n' || char === '\t') out += ' ';
      else if (this.supported.has(code)) out += char;
      else {
        const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
        out += [...plain].every((c) => this.supported.has(c.codePointAt(0) ?? 0)) ? plain : '?';
      }
    }
    return out;
  }

  private get width(): number {
    return A4[0] - MARGIN * 2;
  }

  private ensure(height: number): void {
    if (this.y - height >= MARGIN + FOOTER_SPACE) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.safe(text).split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
        else {
          if (line) lines.push(line);
          // A single word wider than the line is cut.
          let rest = word;
          while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
            let cut = rest.length - 1;
            while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
            lines.push(rest.slice(0, cut));
            rest = rest.slice(cut);
          }
          line = rest;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  title(text: string, subtitle: string): void {
    this.page.drawRectangle({
      x: 0,
      y: A4[1] - 8,
      width: A4[0],
      height: 8,
      color: COLOURS.primary,
    });
    this.text(text, { size: 20, bold: true, color: COLOURS.ink });
    this.text(subtitle, { size: 10, color: COLOURS.muted });
    this.space(6);
    this.rule();
  }

  heading(text: string): void {
    this.ensure(40);
    this.space(10);
    this.text(text, { size: 13, bold: true, color: COLOURS.primary });
    this.space(2);
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; color?: RGB; indent?: number } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    for (const line of this.wrap(text, font, size, this.width - indent)) {
      this.ensure(size + 4);
      this.y -= size + 3;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size,
        font,
        color: options.color ?? COLOURS.ink,
      });
    }
  }

  /** A label on the left, its value wrapped on the right. */
  field(label: string, value: string | number | null | undefined): void {
    const labelWidth = 150;
    const size = 10;
    const lines = this.wrap(
      value === null || value === undefined || value === '' ? '-' : String(value),
      this.regular,
      size,
      this.width - labelWidth,
    );
    this.ensure((size + 4) * lines.length);
    lines.forEach((line, index) => {
      this.y -= size + 4;
      if (index === 0)
        this.page.drawText(this.safe(label), {
          x: MARGIN,
          y: this.y,
          size,
          font: this.bold,
          color: COLOURS.muted,
        });
      this.page.drawText(line, {
        x: MARGIN + labelWidth,
        y: this.y,
        size,
        font: this.regular,
        color: COLOURS.ink,
      });
    });
  }

  /** A table: column widths as fractions of the line; cells wrap. */
  table(headers: string[], widths: number[], rows: string[][]): void {
    const size = 9;
    const drawRow = (cells: string[], font: PDFFont, color: RGB): void => {
      const wrapped = cells.map((cell, index) =>
        this.wrap(cell, font, size, (widths[index] ?? 0.2) * this.width - 6),
      );
      const height = Math.max(...wrapped.map((lines) => lines.length)) * (size + 3) + 4;
      this.ensure(height);
      let x = MARGIN;
      wrapped.forEach((lines, index) => {
        lines.forEach((line, lineIndex) => {
          this.page.drawText(line, {
            x,
            y: this.y - (lineIndex + 1) * (size + 3),
            size,
            font,
            color,
          });
        });
        x += (widths[index] ?? 0.2) * this.width;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 1 },
        end: { x: MARGIN + this.width, y: this.y + 1 },
        thickness: 0.5,
        color: COLOURS.rule,
      });
    };
    drawRow(headers, this.bold, COLOURS.muted);
    for (const row of rows) drawRow(row, this.regular, COLOURS.ink);
  }

  /** Images side by side, each fitted in a box, with a caption under each. */
  images(items: Array<{ image: PDFImage; caption: string }>, boxHeight = 150): void {
    if (items.length === 0) return;
    const gap = 12;
    const boxWidth = (this.width - gap * (items.length - 1)) / items.length;
    this.ensure(boxHeight + 24);
    items.forEach(({ image, caption }, index) => {
      const scale = Math.min(boxWidth / image.width, boxHeight / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      const x = MARGIN + index * (boxWidth + gap);
      this.page.drawImage(image, {
        x: x + (boxWidth - width) / 2,
        y: this.y - boxHeight + (boxHeight - height),
        width,
        height,
      });
      this.page.drawText(this.safe(caption), {
        x,
        y: this.y - boxHeight - 12,
        size: 8,
        font: this.regular,
        color: COLOURS.muted,
      });
    });
    this.y -= boxHeight + 20;
  }

  badge(text: string, color: RGB): void {
    const size = 11;
    const width = this.bold.widthOfTextAtSize(this.safe(text), size) + 16;
    this.ensure(size + 12);
    this.y -= size + 10;
    this.page.drawRectangle({ x: MARGIN, y: this.y - 4, width, height: size + 8, color });
    this.page.drawText(this.safe(text), {
      x: MARGIN + 8,
      y: this.y,
      size,
      font: this.bold,
      color: rgb(1, 1, 1),
    });
  }

  space(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.ensure(6);
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + this.width, y: this.y },
      thickness: 0.75,
      color: COLOURS.rule,
    });
  }

  /** Footers ("… · page n of m") on every page, then the bytes. */
  async finish(footer: string): Promise<Buffer> {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      page.drawText(this.safe(`${footer} · page ${index + 1} of ${pages.length}`), {
        x: MARGIN,
        y: MARGIN / 2,
        size: 8,
        font: this.regular,
        color: COLOURS.muted,
      });
    });
    return Buffer.from(await this.doc.save());
  }
}
