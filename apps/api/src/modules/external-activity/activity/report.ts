/**
 * The report of a concluded activity: the organization's logo, the client, the times,
 * the checklist answers, the materials with their tags, the photos and the client's signature.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ACTIVITY_PRIORITY_LABELS, formatCpfCnpj, ACTIVITY_STATUS_LABELS, type ActivityEvent, type ChecklistAnswer, type ExternalActivityRead, type MaterialRead, type PhotoRead } from '@operacoes/contract';
import { brDateTime, drawImageOrPlaceholder, drawTable, newPdf } from '../../../core/pdf';
import { organizations } from '../../../core/schema';
import { dataUrlBytes, pdfImage, readUpload } from '../../files';

type Printable = Omit<ExternalActivityRead, 'steps'> & { signature: { name: string; image: string; signed_at: string } | null };

const num = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

function answerText(a: ChecklistAnswer | undefined): string {
  if (!a || a.value === null || a.value === '') return '—';
  if (a.kind === 'sim_nao') return a.value ? 'Sim' : 'Não';
  if (a.kind === 'numero' && typeof a.value === 'number') return num(a.value);
  if (a.kind === 'foto') return 'Foto anexada';
  return String(a.value);
}

export async function activityReportPdf(
  app: FastifyInstance,
  a: Printable,
  parts: { answers: ChecklistAnswer[]; materials: MaterialRead[]; photos: PhotoRead[]; timeline: ActivityEvent[] },
): Promise<Buffer> {
  const [org] = await app.db.select({ name: organizations.fantasy_name, logo: organizations.logo }).from(organizations).where(eq(organizations.id, a.organization_id));
  const { doc, bytes } = newPdf(`Relatório de atendimento ${a.code}`);
  const left = doc.page.margins.left;
  // Images are read (and bounded) through pdfImage: a broken or oversized stored file prints as a placeholder.
  if (org?.logo) drawImageOrPlaceholder(doc, await pdfImage(await readUpload(app, org.logo), [120, 48]), [120, 48], { x: left, y: 36 });
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(org?.name ?? '', left + 130, 40, { align: 'right' });
  doc.fillColor('#000000').moveDown(2.2);
  doc.x = left;
  doc.font('Helvetica-Bold').fontSize(16).text(`Relatório de atendimento · ${a.code}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Situação: ${ACTIVITY_STATUS_LABELS[a.status]}   Tipo: ${a.assistance_type.name}   Prioridade: ${ACTIVITY_PRIORITY_LABELS[a.priority]}`);
  doc.moveDown(0.5).font('Helvetica-Bold').text('Cliente').font('Helvetica');
  doc.text([a.client_name, a.client_document ? `CPF/CNPJ ${formatCpfCnpj(a.client_document)}` : null, a.client_phone].filter(Boolean).join(' · '));
  if (a.address || a.city) doc.text([a.address, a.city ? `${a.city.name}/${a.city.uf}` : null].filter(Boolean).join(' — '));
  const at = (kind: ActivityEvent['kind']) => parts.timeline.filter((e) => e.kind === kind).at(-1)?.at ?? null;
  doc.moveDown(0.5).font('Helvetica-Bold').text('Horários').font('Helvetica');
  doc.text(`Aberta: ${brDateTime(a.created_at)}   Agendada para: ${brDateTime(a.scheduled_start)}`);
  doc.text(`Saída: ${brDateTime(at('depart'))}   Início: ${brDateTime(at('start'))}   Conclusão: ${brDateTime(a.finished_at)}`);
  doc.text(`Prazo (SLA): ${brDateTime(a.due_at)}${a.breached ? ' (estourado)' : ''}`);
  doc.text(`Técnicos: ${a.technicians.map((t) => t.name).join(', ')}`);
  if (a.description) doc.moveDown(0.3).text(a.description);

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text('Checklist').font('Helvetica').fontSize(10).moveDown(0.3);
  const byKey = new Map(parts.answers.map((x) => [x.item_key, x]));
  if (a.checklist.length) drawTable(doc, ['#', 'Item', 'Resposta'], [30, 300, 185], a.checklist.map((item, i) => [String(i + 1), `${item.label}${item.required ? ' *' : ''}`, answerText(byKey.get(item.key))]));
  else doc.text('Sem checklist.');

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text('Materiais utilizados', left).font('Helvetica').fontSize(10).moveDown(0.3);
  if (parts.materials.length)
    drawTable(
      doc,
      ['#', 'Patrimônio', 'Produto', 'Quantidade'],
      [30, 140, 240, 105],
      parts.materials.map((m, i) => [String(i + 1), m.patrimony ? [m.patrimony.tag, m.patrimony.serial ? `S/N ${m.patrimony.serial}` : null, m.patrimony.mac ? `MAC ${m.patrimony.mac}` : null].filter(Boolean).join(' · ') : '—', m.product.name, `${num(m.quantity)} ${m.unit}`]),
    );
  else doc.text('Nenhum material registrado.');

  // Each is scaled to its box; how many decode at once is bounded by pdfImage's queue, shared with the whole server.
  const images = await Promise.all(parts.photos.map(async (p) => ({ p, bytes: await pdfImage(await readUpload(app, p.url), [250, 180]) })));
  if (images.length) {
    doc.addPage().font('Helvetica-Bold').fontSize(12).text('Fotos').font('Helvetica').fontSize(9);
    let col = 0;
    let y = doc.y + 6;
    for (const { p, bytes } of images) {
      if (y + 200 > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const x = left + col * 260;
      drawImageOrPlaceholder(doc, bytes, [250, 180], { x, y });
      doc.text(p.caption ?? brDateTime(p.created_at), x, y + 184, { width: 250 });
      col = (col + 1) % 2;
      if (col === 0) y += 210;
    }
    doc.x = left;
    doc.y = col === 0 ? y : y + 210;
  }

  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text('Assinatura do cliente', left).font('Helvetica').fontSize(10);
  if (a.signature) {
    drawImageOrPlaceholder(doc, await pdfImage(dataUrlBytes(a.signature.image), [220, 90]), [220, 90]);
    doc.text(`${a.signature.name} · ${brDateTime(a.signature.signed_at)}`);
  } else doc.text('Não assinada.');
  doc.end();
  return bytes;
}
