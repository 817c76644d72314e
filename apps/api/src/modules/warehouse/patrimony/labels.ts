import PDFDocument from 'pdfkit';
import { drawQr } from '../../../core/pdf';

export type LabelItem = { id: number; tag: string; serial: string | null; product: string; organization: string };

const A4 = { width: 595.28, height: 841.89 };
const COLS = 3;
const ROWS = 8;
const MARGIN = 18;

/** An A4 sheet (3 × 8 labels per page): QR code with the item's link, tag number, product and serial. */
export function labelsPdf(items: LabelItem[], linkOf: (id: number) => string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: 'Etiquetas de patrimônio', Creator: 'Operações' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = (A4.width - MARGIN * 2) / COLS;
  const h = (A4.height - MARGIN * 2) / ROWS;
  items.forEach((item, i) => {
    const slot = i % (COLS * ROWS);
    if (i > 0 && slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = MARGIN + (slot % COLS) * w;
    const y = MARGIN + Math.floor(slot / COLS) * h;
    doc.lineWidth(0.3).strokeColor('#bbbbbb').rect(x + 2, y + 2, w - 4, h - 4).stroke();
    const qrSize = h - 12;
    drawQr(doc, linkOf(item.id), x + 6, y + 6, qrSize);
    const tx = x + qrSize + 10;
    const tw = w - qrSize - 16;
    doc.fillColor('#000000').font('Helvetica').fontSize(6.5).text(item.organization, tx, y + 10, { width: tw, height: 9, ellipsis: true, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(11).text(item.tag, tx, y + 22, { width: tw, height: 14, ellipsis: true, lineBreak: false });
    doc.font('Helvetica').fontSize(7.5).text(item.product, tx, y + 40, { width: tw, height: 28, ellipsis: true });
    if (item.serial) doc.fontSize(7).text(`S/N: ${item.serial}`, tx, y + h - 24, { width: tw, height: 9, ellipsis: true, lineBreak: false });
  });
  if (items.length === 0) doc.font('Helvetica').fontSize(12).text('Nenhum item selecionado.', 40, 40);
  doc.end();
  return done;
}
