import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { currentTimeZone } from './time-zone';

/** A new A4 PDF document and a promise of its bytes once `doc.end()` is called. */
export function newPdf(title: string): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: title, Creator: 'Operações' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** Draws a QR code as vector squares (sharp at any printer resolution). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill('#000000');
}

/**
 * An image fitted in a `fit` box (points) at x/y, or in the flow when they are omitted (doc.y moves
 * past it, as with doc.image). Without an image to draw (`null`: missing, broken, or too large to
 * decode safely) a grey box says "imagem indisponível" in its place: a bad file costs its picture,
 * never the document.
 */
export function drawImageOrPlaceholder(doc: PDFKit.PDFDocument, image: Buffer | null, fit: [number, number], at?: { x: number; y: number }) {
  const x = at?.x ?? doc.x;
  const y = at?.y ?? doc.y;
  if (image) {
    try {
      if (at) doc.image(image, x, y, { fit });
      else doc.image(image, { fit });
      return;
    } catch {
      // pdfkit could not read it after all: the placeholder below.
    }
  }
  const [w, h] = fit;
  const { x: keepX, y: keepY } = doc;
  const fontSize = (doc as unknown as { _fontSize: number })._fontSize;
  doc.save().rect(x, y, w, h).fillAndStroke('#e6e6e6', '#b3b3b3').restore();
  doc.font('Helvetica').fontSize(Math.min(9, h / 3)).fillColor('#555555');
  doc.text('imagem indisponível', x + 4, y + h / 2 - doc.currentLineHeight() / 2, { width: w - 8, align: 'center' });
  doc.fillColor('#000000').fontSize(fontSize);
  doc.x = keepX;
  doc.y = at ? keepY : y + h;
}

/** A simple table: header row then rows, with page breaks. Column widths in points. */
export function drawTable(doc: PDFKit.PDFDocument, headers: string[], widths: number[], rows: string[][]) {
  const x0 = doc.page.margins.left;
  const line = (cells: string[], bold: boolean) => {
    const y = doc.y;
    const height = Math.max(...cells.map((c, i) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).heightOfString(c, { width: widths[i] - 6 }))) + 6;
    if (y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      return line(cells, bold);
    }
    let x = x0;
    cells.forEach((c, i) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor('#000000').text(c, x + 3, y + 3, { width: widths[i] - 6 });
      x += widths[i];
    });
    doc.moveTo(x0, y + height).lineTo(x0 + widths.reduce((a, b) => a + b, 0), y + height).lineWidth(0.4).strokeColor('#999999').stroke();
    doc.y = y + height;
  };
  line(headers, true);
  rows.forEach((r) => line(r, false));
  doc.x = x0;
}

const SHAPES = {
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  time: { hour: '2-digit', minute: '2-digit' },
  date: {}, // the default: the date in numbers, as toLocaleDateString writes it
} satisfies Record<string, Intl.DateTimeFormatOptions>;
/**
 * One formatter per shape and zone, kept: `toLocaleString` with options builds a new one on every call
 * (about a third of a millisecond: 2% of a schedule write's CPU, and most of a long report PDF's dates).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatIn(shape: keyof typeof SHAPES, zone: string, d: Date | string) {
  const key = `${shape} ${zone}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat('pt-BR', { timeZone: zone, ...SHAPES[shape] })));
  return f.format(new Date(d));
}

/** "21/11/2026 14:05" in the organization's local time (the request's zone unless one is passed). */
export const brDateTime = (d: Date | string | null | undefined, zone = currentTimeZone()) => (d ? formatIn('dateTime', zone, d) : '—');

/** "14:05" in the organization's local time. */
export const brTime = (d: Date | string, zone = currentTimeZone()) => formatIn('time', zone, d);

/** "21/11/2026" in the organization's local time. */
export const brDate = (d: Date | string | null | undefined, zone = currentTimeZone()) => (d ? formatIn('date', zone, d) : '—');
