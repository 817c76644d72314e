import { RECEIVING_ITEM_STATUS_LABELS, SHIPMENT_DESTINATION_LABELS, SHIPMENT_STATUS_LABELS, type ShipmentRead } from '@operacoes/contract';
import { brDateTime, drawImageOrPlaceholder, drawQr, drawTable, newPdf } from '../../core/pdf';

/** A shipment as printed (its read shape; the workflow steps aside). */
type Printable = Omit<ShipmentRead, 'steps'>;

const qty = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

function destinationText(s: Printable) {
  const parts = [s.recipient_name, s.destination_unit?.name, s.destination_section ? `Seção ${s.destination_section.name}` : null, s.destination_address, s.destination_city ? `${s.destination_city.name}/${s.destination_city.uf}` : null];
  return parts.filter(Boolean).join(' · ');
}

function itemRows(s: Printable, withStatus: boolean) {
  return s.items.map((i, n) => [
    String(n + 1),
    i.patrimony ? `${i.patrimony.tag}${i.patrimony.serial ? ` (S/N ${i.patrimony.serial})` : ''}` : '—',
    `${i.product.code} · ${i.product.name}`,
    `${qty(i.quantity)} ${i.product.unit_of_measure}`,
    ...(withStatus ? [RECEIVING_ITEM_STATUS_LABELS[i.received_status] + (i.comment ? `: ${i.comment}` : '')] : []),
  ]);
}

/** The packing list (romaneio): items, destination, carrier, and a QR code of the receiving link. */
export async function packingListPdf(s: Printable, receivingLink: string | null): Promise<Buffer> {
  const { doc, bytes } = newPdf(`Romaneio do envio #${s.id}`);
  doc.font('Helvetica-Bold').fontSize(16).text(`Romaneio · Envio #${s.id}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Situação: ${SHIPMENT_STATUS_LABELS[s.status]}`);
  doc.text(`Origem: ${s.origin_stock.name}`);
  doc.text(`Destino (${SHIPMENT_DESTINATION_LABELS[s.destination_type]}): ${destinationText(s)}`);
  doc.text(`Transportadora: ${s.carrier ?? '—'}   Rastreio: ${s.tracking_code ?? '—'}   Nota fiscal: ${s.invoice_number ?? '—'}`);
  doc.text(`Volumes: ${s.volumes ?? '—'}   Peso: ${s.weight_kg !== null ? `${qty(s.weight_kg)} kg` : '—'}   Despacho: ${brDateTime(s.dispatched_at)}`);
  if (receivingLink) {
    const y = doc.y + 8;
    drawQr(doc, receivingLink, doc.page.width - doc.page.margins.right - 110, 40, 110);
    doc.fontSize(8).fillColor('#444444').text('Confirme o recebimento pelo QR code ou pelo link:', doc.page.margins.left, y);
    doc.text(receivingLink, { link: receivingLink, underline: true });
    doc.fillColor('#000000');
  } else {
    doc.moveDown(0.5).fontSize(8).fillColor('#444444').text('O link de confirmação de recebimento é gerado no despacho.').fillColor('#000000');
  }
  doc.moveDown(1);
  drawTable(doc, ['#', 'Patrimônio', 'Produto', 'Quantidade'], [30, 140, 240, 105], itemRows(s, false));
  doc.moveDown(2).fontSize(10).text('Conferido por: ______________________________   Data: ____/____/______');
  doc.end();
  return bytes;
}

/** The box the receipt's signature is drawn in (points). */
export const RECEIPT_SIGNATURE_BOX: [number, number] = [220, 90];

/**
 * The receipt the recipient downloads after confirming. `signature`: none when the recipient did not
 * sign; `{ png: null }` when they did but it cannot be drawn (a placeholder shows then).
 */
export async function receiptPdf(s: Printable, organization: string, signature: { png: Buffer | null } | null): Promise<Buffer> {
  const { doc, bytes } = newPdf(`Comprovante de recebimento do envio #${s.id}`);
  doc.font('Helvetica-Bold').fontSize(16).text('Comprovante de recebimento');
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`${organization} · Envio #${s.id}`);
  doc.text(`Recebido por: ${s.receiver_name ?? '—'} em ${brDateTime(s.received_at)}`);
  doc.text(`Resultado: ${SHIPMENT_STATUS_LABELS[s.status]}`);
  if (s.receiver_comment) doc.text(`Observação: ${s.receiver_comment}`);
  doc.moveDown(1);
  drawTable(doc, ['#', 'Patrimônio', 'Produto', 'Quantidade', 'Conferência'], [25, 110, 180, 80, 120], itemRows(s, true));
  if (signature) {
    doc.moveDown(1).text('Assinatura:');
    drawImageOrPlaceholder(doc, signature.png, RECEIPT_SIGNATURE_BOX);
  }
  doc.end();
  return bytes;
}
