import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { receivingConfirm, receivingView, type ReceivingView } from '@operacoes/contract';
import { audit } from '../../core/audit';
import { HttpError, conflict } from '../../core/errors';
import { notify } from '../../core/notify';
import { RateLimiter } from '../../core/rate-limit';
import { organizations } from '../../core/schema';
import { dataUrlBytes, pdfImage, storablePngDataUrl } from '../files';
import { RECEIPT_SIGNATURE_BOX, receiptPdf } from './pdf';
import { shipments } from './schema';
import { type ShipmentRow, itemsOfShipment, presentShipments, receiveItems, shipmentLink } from './service';
import { adoptTimeZone, recordTimeZone } from '../../core/time-zone';

const hashParam = z.object({ hash: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Link inválido') });
const unknownLink = () => new HttpError(404, 'Link de recebimento inválido ou cancelado.');
const expiredLink = () => new HttpError(410, 'Este link de recebimento expirou. Peça um novo envio do link ao remetente.');

/** `/api/receiving/{hash}`: the public receiving confirmation (no login). The hash is the only credential. */
export async function receivingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = new RateLimiter(fastify.config.publicLinkPerIpPerMinute, 60_000);
  const tags = ['receiving'];

  const byHash = async (hash: string): Promise<ShipmentRow> => {
    const [row] = await app.db.select().from(shipments).where(eq(shipments.receiving_hash, hash));
    if (!row) throw unknownLink();
    // No user on a public link: dates follow the clock of where it is received (the destination unit's zone, else the organization's).
    adoptTimeZone(await recordTimeZone(app.db, { organization_id: row.organization_id, unit_id: row.destination_unit_id }));
    return row;
  };

  async function view(row: ShipmentRow): Promise<ReceivingView> {
    const [[s], [org]] = await Promise.all([presentShipments([row], app.db), app.db.select({ name: organizations.fantasy_name }).from(organizations).where(eq(organizations.id, row.organization_id))]);
    const confirmed = row.received_at !== null;
    return {
      status: confirmed ? 'confirmado' : 'aguardando',
      organization: org.name,
      shipment_id: row.id,
      recipient_name: row.recipient_name,
      carrier: row.carrier,
      tracking_code: row.tracking_code,
      dispatched_at: s.dispatched_at,
      expires_at: s.receiving_expires_at,
      items: s.items.map((i) => ({
        id: i.id,
        description: `${i.product.code} · ${i.product.name}`,
        tag: i.patrimony?.tag ?? null,
        serial: i.patrimony?.serial ?? null,
        quantity: i.quantity,
        unit_of_measure: i.product.unit_of_measure,
        received_status: i.received_status,
        comment: i.comment,
      })),
      receipt: confirmed ? { name: row.receiver_name!, comment: row.receiver_comment, received_at: s.received_at!, shipment_status: row.status, has_signature: Boolean(row.receiver_signature) } : null,
    };
  }

  app.get('/receiving/:hash', { config: { access: 'public' }, schema: { tags, security: [], params: hashParam, response: { 200: receivingView } } }, async (req) => {
    limiter.hit(req.ip);
    const row = await byHash(req.params.hash);
    // A confirmed shipment always shows its receipt; an unconfirmed one only until the link expires.
    if (!row.received_at && row.receiving_expires_at && row.receiving_expires_at < new Date()) throw expiredLink();
    return view(row);
  });

  app.post(
    '/receiving/:hash',
    { config: { access: 'public' }, bodyLimit: 512 * 1024, schema: { tags, security: [], params: hashParam, body: receivingConfirm, response: { 200: receivingView } } },
    async (req) => {
      limiter.hit(req.ip);
      const { hash } = req.params;
      const b = req.body;
      // A public link: the drawn signature is decoded, bounded and re-encoded like any upload, before the transaction.
      const signature = b.signature ? await storablePngDataUrl(b.signature, 'signature') : null;
      const deliver = await app.db.transaction(async (tx) => {
        const items = await (async () => {
          const [row] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.receiving_hash, hash));
          if (!row) throw unknownLink();
          return itemsOfShipment(tx, row.id);
        })();
        const answers = new Map(b.items.map((i) => [i.id, i]));
        const missing = items.filter((i) => !answers.has(i.id));
        if (missing.length || answers.size !== items.length || b.items.some((i) => !items.find((x) => x.id === i.id))) {
          throw new HttpError(422, 'Confirme cada item do envio, uma vez cada.', [{ propertyPath: 'items', message: 'Itens não conferem com o envio' }]);
        }
        const divergent = b.items.some((i) => i.status !== 'recebido');
        // The conditional update is the lock: of two confirmations at once, exactly one wins.
        const [won] = await tx
          .update(shipments)
          .set({
            status: divergent ? 'recebido_com_divergencia' : 'recebido',
            received_at: new Date(),
            receiver_name: b.name,
            receiver_comment: b.comment ?? null,
            receiver_signature: signature,
            updated_at: new Date(),
          })
          .where(and(eq(shipments.receiving_hash, hash), eq(shipments.status, 'enviado'), gt(shipments.receiving_expires_at, new Date())))
          .returning();
        if (!won) {
          const [row] = await tx.select().from(shipments).where(eq(shipments.receiving_hash, hash));
          if (!row) throw unknownLink();
          if (row.received_at) throw conflict('Este recebimento já foi confirmado.');
          throw expiredLink();
        }
        await receiveItems(tx, won, items, answers, b.name);
        await audit(tx, undefined, {
          entity: 'shipment',
          entityId: won.id,
          organizationId: won.organization_id,
          action: 'update',
          changes: { status: ['enviado', won.status], receiver_name: [null, b.name] },
        });
        const senders = [won.created_by].filter((x): x is number => x !== null);
        return notify(app, tx, senders, `Envio #${won.id} ${divergent ? 'recebido com divergência' : 'recebido'}`, `${b.name} confirmou o recebimento${divergent ? ' com divergências' : ''}.`, shipmentLink(won.id));
      });
      await deliver();
      return view(await byHash(hash));
    },
  );

  app.get('/receiving/:hash/receipt', { config: { access: 'public' }, schema: { tags, security: [], params: hashParam, produces: ['application/pdf'] } }, async (req, reply) => {
    limiter.hit(req.ip);
    const row = await byHash(req.params.hash);
    if (!row.received_at) throw new HttpError(409, 'O recebimento ainda não foi confirmado.');
    const [[s], [org]] = await Promise.all([presentShipments([row], app.db), app.db.select({ name: organizations.fantasy_name }).from(organizations).where(eq(organizations.id, row.organization_id))]);
    const signature = row.receiver_signature ? { png: await pdfImage(dataUrlBytes(row.receiver_signature), RECEIPT_SIGNATURE_BOX) } : null;
    const pdf = await receiptPdf(s, org.name, signature);
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="comprovante-envio-${row.id}.pdf"`).send(pdf);
  });
}
