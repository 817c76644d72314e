/**
 * `/api/viability/unit/viewer/{hash}`: the public proposal (no login; the hash is the only
 * credential). It shows the organization, the client, the address, the service, the plan, the
 * monthly fee, the installation fee, the contract term and its total, and lets the client accept or decline once. It never shows a cost or the margin.
 * Unknown or revoked hashes answer 404, expired ones 410, each with its own pt-BR message.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VIABILITY_MEDIUM_LABELS, VIABILITY_SERVICE_LABELS, proposalDecisionBody, proposalHash, proposalView, type ProposalView } from '@operacoes/contract';
import { audit } from '../../core/audit';
import { HttpError, conflict } from '../../core/errors';
import { notify } from '../../core/notify';
import { brDateTime, drawImageOrPlaceholder, drawTable, newPdf } from '../../core/pdf';
import { RateLimiter } from '../../core/rate-limit';
import { organizations, persons, users } from '../../core/schema';
import { pdfImage, readUpload } from '../files';
import { presentCities } from '../locale';
import { getOrganizationSettings } from '../organization-settings';
import { brl, toCents } from './money';
import { localToday } from '../../core/dates';
import { adoptTimeZone, organizationTimeZone } from '../../core/time-zone';
import { viabilities, viabilityTemplates, viabilityUnitVersions, viabilityUnits } from './schema';
import { reservePort } from './cto';
import { calculateUnit } from './unit-calculation';

type UnitRow = typeof viabilityUnits.$inferSelect;
type ViabilityRow = typeof viabilities.$inferSelect;

const hashParam = z.object({ hash: proposalHash });
const unknownLink = () => new HttpError(404, 'Proposta não encontrada: o link é inválido ou foi cancelado. Peça um novo link ao seu vendedor.');
const dayBr = (d: string) => d.split('-').reverse().join('/');
/** What the client reads when the box's last port went to someone else first. */
export const REDOING_MESSAGE = 'A porta da caixa de atendimento prevista para este endereço acabou de ser ocupada: estamos refazendo a proposta. O vendedor enviará a proposta atualizada.';
/** What the client reads when the seller cancelled the viability before the client answered. */
const ANSWERED_MESSAGE = 'Esta proposta já foi respondida.';
export const CANCELLED_MESSAGE = 'Esta proposta foi cancelada e não pode mais ser respondida. Fale com o seu vendedor para receber uma proposta atualizada.';
/** Thrown inside the accept's transaction to undo the answer when no port is left. */
class PortLost extends Error {}
const expiredLink = (validUntil: string) => new HttpError(410, `Esta proposta expirou em ${dayBr(validUntil)}. Peça uma proposta atualizada ao seu vendedor.`);

/** Image type of a stored logo from its first bytes, for the content type it is served with. */
function imageType(b: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8) return 'image/jpeg';
  if (b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP') return 'image/webp';
  return null;
}

export async function viabilityViewerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = new RateLimiter(fastify.config.publicLinkPerIpPerMinute, 60_000);
  const tags = ['viability-viewer'];

  type Found = { unit: UnitRow; viability: ViabilityRow; organization: { name: string; logo: string | null } };
  const byHash = async (hash: string): Promise<Found> => {
    const [row] = await app.db
      .select({ unit: viabilityUnits, viability: viabilities, organization: { name: organizations.fantasy_name, logo: organizations.logo } })
      .from(viabilityUnits)
      .innerJoin(viabilities, eq(viabilities.id, viabilityUnits.viability_id))
      .innerJoin(organizations, eq(organizations.id, viabilityUnits.organization_id))
      .where(eq(viabilityUnits.public_hash, hash));
    if (!row) throw unknownLink();
    // No user on a public link: dates ("válida até", the PDF's) follow the proposal's organization's clock.
    adoptTimeZone(await organizationTimeZone(app.db, row.unit.organization_id));
    return row;
  };
  /** An answered proposal stays readable; an open one only until its validity ends. */
  const live = (found: Found) => {
    if (!found.unit.decision && found.unit.calculation.valid_until < localToday()) throw expiredLink(found.unit.calculation.valid_until);
    return found;
  };

  async function view({ unit, viability, organization }: Found): Promise<ProposalView> {
    const [seller] = await app.db
      .select({ name: sql<string>`coalesce(nullif(${persons.nickname}, ''), ${persons.full_name})`, email: users.email })
      .from(users)
      .innerJoin(persons, eq(persons.id, users.person_id))
      .where(eq(users.id, viability.seller_id));
    const city = unit.city_id ? (await presentCities(app.db, [unit.city_id])).get(unit.city_id) : undefined;
    const viable = unit.verdict !== 'inviavel';
    const c = unit.calculation;
    // Calculations made before plans existed have no term: their proposal shows the fees only.
    const months = c.contract_months ?? null;
    const monthlyFee = c.monthly_fee ?? c.monthly_price;
    const installationFee = c.installation_fee ?? c.price;
    const contractTotal = c.contract_total ?? null;
    const { map_tile_url } = await getOrganizationSettings(app.db, unit.organization_id, 'viability');
    return {
      organization: { name: organization.name, has_logo: Boolean(organization.logo) },
      map_tile_url,
      viability_code: viability.code,
      client_name: viability.client_name,
      unit_name: unit.name,
      address: unit.address,
      city: city ? `${city.name}/${city.uf}` : null,
      latitude: unit.latitude,
      longitude: unit.longitude,
      service_type: viability.service_type as ProposalView['service_type'],
      bandwidth_mbps: viability.bandwidth_mbps,
      verdict: unit.verdict,
      price: viable ? unit.calculation.price : null,
      monthly_price: viable ? unit.calculation.monthly_price : null,
      plan_name: viable ? (c.plan?.name ?? null) : null,
      monthly_fee: viable ? monthlyFee : null,
      installation_fee: viable ? installationFee : null,
      contract_months: viable ? months : null,
      contract_total: viable ? contractTotal : null,
      medium: c.template.medium,
      subject_to_line_of_sight: viable && c.template.medium === 'radio' && !unit.line_of_sight_confirmed,
      valid_until: unit.calculation.valid_until,
      seller: seller ? { name: seller.name, email: seller.email ?? null } : null,
      decision: unit.decision && unit.decided_at ? { kind: unit.decision, name: unit.decision_name ?? '', at: unit.decided_at.toISOString() } : null,
      redoing: !unit.decision && unit.redo_reason !== null,
      cancelled: !unit.decision && viability.status === 'cancelada',
    };
  }

  app.get(
    '/viability/unit/viewer/:hash',
    { config: { access: 'public' }, schema: { tags, security: [], operationId: 'getViabilityProposal', summary: 'Proposta pública da unidade', params: hashParam, response: { 200: proposalView } } },
    async (req) => {
      limiter.hit(req.ip);
      return view(live(await byHash(req.params.hash)));
    },
  );

  for (const kind of ['accept', 'decline'] as const) {
    app.post(
      `/viability/unit/viewer/:hash/${kind}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          security: [],
          operationId: kind === 'accept' ? 'acceptViabilityProposal' : 'declineViabilityProposal',
          summary: kind === 'accept' ? 'O cliente aceita a proposta' : 'O cliente recusa a proposta',
          description: 'Uma vez só: a segunda resposta (ou uma resposta concorrente) recebe 409. O vendedor é avisado no sistema e por e-mail; a situação da viabilidade acompanha.',
          params: hashParam,
          body: proposalDecisionBody,
          response: { 200: proposalView },
        },
      },
      async (req) => {
        limiter.hit(req.ip);
        const { hash } = req.params;
        const found = live(await byHash(hash));
        if (found.unit.redo_reason !== null && !found.unit.decision) throw conflict(REDOING_MESSAGE);
        if (found.unit.verdict === 'inviavel') throw conflict('Este endereço não pode ser atendido: não há proposta a responder.');
        const decision = kind === 'accept' ? 'aceita' : 'recusada';
        if (found.viability.status === 'cancelada' && !found.unit.decision) throw conflict(CANCELLED_MESSAGE);
        const deliver = await app.db
          .transaction(async (tx) => {
          // The viability's row first (the seller's cancel locks it too): a proposal is not answered
          // once its viability is cancelled, so no port is reserved for a cancelled viability.
          const [locked] = await tx.select({ status: viabilities.status }).from(viabilities).where(eq(viabilities.id, found.viability.id)).for('update');
          if (locked?.status === 'cancelada') {
            // Cancelled by the answer that won the race (its last viable unit declined): this proposal was answered, not cancelled.
            const [unit] = await tx.select({ decision: viabilityUnits.decision }).from(viabilityUnits).where(eq(viabilityUnits.public_hash, hash));
            throw conflict(unit?.decision ? ANSWERED_MESSAGE : CANCELLED_MESSAGE);
          }
          // The conditional update is the lock: of two answers at once, exactly one wins.
          const [won] = await tx
            .update(viabilityUnits)
            .set({ decision, decision_name: req.body.name, decision_comment: req.body.comment ?? null, decided_at: new Date(), updated_at: new Date() })
            .where(and(eq(viabilityUnits.public_hash, hash), isNull(viabilityUnits.decision), ne(viabilityUnits.verdict, 'inviavel')))
            .returning();
          if (!won) throw conflict(ANSWERED_MESSAGE);
          // Fibre from a box: the accept takes the port (the box's row lock and the (box, port) unique
          // index make one of two accepts for the last port win); none left undoes this answer.
          const box = won.calculation.cto;
          if (decision === 'aceita' && box && won.calculation.template.medium === 'fibra_propria') {
            const reserved = await reservePort(tx, box.id, won.id, won.organization_id);
            if (!reserved) throw new PortLost();
            await audit(tx, undefined, { entity: 'viability_unit', entityId: won.id, organizationId: won.organization_id, action: 'update', changes: { cto_port: [null, `${reserved.code} porta ${reserved.port}`] } });
          }
          await audit(tx, undefined, { entity: 'viability_unit', entityId: won.id, organizationId: won.organization_id, action: 'update', changes: { decision: [null, decision], decision_name: [null, req.body.name] } });
          // The viability follows: an accepted proposal concludes it; when every viable unit was declined, it is cancelled.
          const v = { ...found.viability, status: locked?.status ?? found.viability.status };
          let status: ViabilityRow['status'] | null = null;
          if (decision === 'aceita') status = 'concluida';
          else {
            const [open] = await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(viabilityUnits)
              .where(and(eq(viabilityUnits.viability_id, v.id), ne(viabilityUnits.verdict, 'inviavel'), sql`${viabilityUnits.decision} is distinct from 'recusada'`));
            if (open.n === 0) status = 'cancelada';
          }
          if (status && status !== v.status) {
            await tx.update(viabilities).set({ status, updated_at: new Date() }).where(eq(viabilities.id, v.id));
            await audit(tx, undefined, { entity: 'viability', entityId: v.id, organizationId: v.organization_id, action: 'update', changes: { status: [v.status, status] } });
          }
          const title = `Proposta ${decision} · ${v.code}`;
          const message = `${req.body.name} ${decision === 'aceita' ? 'aceitou' : 'recusou'} a proposta da unidade "${won.name}" (${v.client_name})${req.body.comment ? `: "${req.body.comment}"` : '.'}`;
          return notify(app, tx, [v.seller_id], title, message, `/viability/${v.id}/unit/info/${won.id}`);
          })
          .catch(async (e: unknown) => {
            if (!(e instanceof PortLost)) throw e;
            await redo(found);
            throw conflict(REDOING_MESSAGE);
          });
        await deliver();
        return view(await byHash(hash));
      },
    );
  }

  /**
   * The accept lost the box's last port: the unit is recalculated at once (another box, a new build
   * or inviável: a new version) and marked as being redone until the seller reviews it and sends it
   * again; the seller is told.
   */
  async function redo({ unit, viability }: Found) {
    const deliver = await app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(viabilityUnits).where(and(eq(viabilityUnits.id, unit.id), isNull(viabilityUnits.decision))).for('update');
      if (!current) return async () => {};
      const [template] = await tx.select().from(viabilityTemplates).where(eq(viabilityTemplates.id, current.template_id));
      const calculation = await calculateUnit(tx, current.organization_id, current, template, current.calculation.version, null, current);
      const reason = `A porta da ${unit.calculation.cto?.code ?? 'CTO'} foi ocupada antes do aceite do cliente; novo cálculo: ${(calculation.rule ?? calculation.verdict).replace(/\.$/, '')}`;
      await tx
        .update(viabilityUnits)
        .set({ calculation, verdict: calculation.verdict, total_cost: calculation.total_cost, price: calculation.price, redo_reason: reason, updated_at: new Date() })
        .where(eq(viabilityUnits.id, current.id));
      await tx.insert(viabilityUnitVersions).values({ unit_id: current.id, version: calculation.version, calculation });
      await audit(tx, undefined, { entity: 'viability_unit', entityId: current.id, organizationId: current.organization_id, action: 'update', changes: { version: [current.calculation.version, calculation.version], verdict: [current.verdict, calculation.verdict] } });
      return notify(app, tx, [viability.seller_id], `Proposta a refazer · ${viability.code}`, `O cliente tentou aceitar a unidade "${current.name}", mas a porta da CTO já estava ocupada. ${reason}. Revise e recalcule a unidade para liberar a nova proposta.`, `/viability/${viability.id}/unit/info/${current.id}`);
    });
    await deliver();
  }

  app.get(
    '/viability/unit/viewer/:hash/logo',
    { config: { access: 'public' }, schema: { tags, security: [], operationId: 'getViabilityProposalLogo', summary: 'Logotipo da organização da proposta', params: hashParam, produces: ['image/png', 'image/jpeg', 'image/webp'] } },
    async (req, reply) => {
      limiter.hit(req.ip);
      const { organization } = await byHash(req.params.hash);
      const bytes = await readUpload(app, organization.logo);
      const type = bytes && imageType(bytes);
      if (!bytes || !type) throw new HttpError(404, 'A organização não tem logotipo.');
      return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(bytes);
    },
  );

  app.get(
    '/viability/unit/viewer/:hash/pdf',
    { config: { access: 'public' }, schema: { tags, security: [], operationId: 'getViabilityProposalPdf', summary: 'Proposta em PDF', params: hashParam, produces: ['application/pdf'] } },
    async (req, reply) => {
      limiter.hit(req.ip);
      const found = live(await byHash(req.params.hash));
      if (found.unit.verdict === 'inviavel') throw conflict('Este endereço não pode ser atendido: não há proposta em PDF.');
      if (found.viability.status === 'cancelada' && !found.unit.decision) throw conflict(CANCELLED_MESSAGE);
      const p = await view(found);
      // A public, unauthenticated route: the logo is checked and scaled to its box by pdfImage, never handed to pdfkit as stored.
      const logo = found.organization.logo ? await pdfImage(await readUpload(app, found.organization.logo), [120, 50]) : undefined;
      const { doc, bytes } = newPdf(`Proposta ${p.viability_code} · ${p.unit_name}`);
      if (logo !== undefined) drawImageOrPlaceholder(doc, logo, [120, 50], { x: doc.page.width - doc.page.margins.right - 120, y: 36 });
      doc.font('Helvetica-Bold').fontSize(16).text(`Proposta comercial · ${p.organization.name}`, { width: 360 });
      doc.font('Helvetica').fontSize(10).moveDown(0.5);
      doc.text(`Proposta ${p.viability_code} · versão ${found.unit.calculation.version} · emitida em ${brDateTime(found.unit.calculation.calculated_at)}`);
      doc.text(`Válida até ${dayBr(p.valid_until)}`);
      doc.moveDown(1);
      drawTable(doc, ['Descrição', 'Detalhe'], [150, 365], [
        ['Cliente', p.client_name],
        ['Unidade', p.unit_name],
        ['Endereço', [p.address, p.city].filter(Boolean).join(' · ')],
        ['Serviço', `${VIABILITY_SERVICE_LABELS[p.service_type]} · ${p.bandwidth_mbps.toLocaleString('pt-BR')} Mbps`],
        ['Atendimento', `${VIABILITY_MEDIUM_LABELS[p.medium]}${p.subject_to_line_of_sight ? ' · sujeito a visada' : ''}`],
        ...(p.plan_name ? [['Plano', p.plan_name]] : []),
        ['Mensalidade', `${brl(toCents(p.monthly_fee))}/mês`],
        ['Instalação (valor único)', brl(toCents(p.installation_fee))],
        ...(p.contract_months ? [['Prazo do contrato', `${p.contract_months} ${p.contract_months === 1 ? 'mês' : 'meses'}`]] : []),
        ...(p.contract_total ? [['Valor total do contrato', brl(toCents(p.contract_total))]] : []),
        ['Vendedor', p.seller ? `${p.seller.name}${p.seller.email ? ` · ${p.seller.email}` : ''}` : '—'],
      ]);
      if (p.decision) doc.moveDown(1).text(`Proposta ${p.decision.kind} por ${p.decision.name} em ${brDateTime(p.decision.at)}.`);
      doc.moveDown(2).fontSize(8).fillColor('#444444').text(`Valores em reais (BRL). A instalação depende de vistoria técnica no local.${p.subject_to_line_of_sight ? ' Enlace de rádio sujeito a visada: a vistoria confirma a linha de visada até a torre.' : ''} Proposta sujeita à disponibilidade na data do aceite.`);
      doc.end();
      const pdf = await bytes;
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="proposta-${p.viability_code}-${found.unit.id}.pdf"`).send(pdf);
    },
  );
}
