/**
 * `/api/viability/cto…`: the CTOs around an address (the unit's map), a CTO's ports with what holds
 * each (the box's page), and plugging a client's service into a port.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CTO_AROUND_MAX, ctoAroundQuery, ctoAroundResult, ctoPortAssign, ctoPortList, siteResource, svcCtoPort } from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../core/access';
import { audit } from '../../core/audit';
import type { DbOrTx } from '../../core/db';
import { HttpError, conflict, unprocessable } from '../../core/errors';
import { sites, svcs } from '../network';
import { ctosAround, portsOf } from './cto';
import { ctoPorts } from './schema';

const notFound = () => new HttpError(404, 'CTO não encontrada nesta organização.');

/** The user's organization's CTO by id (404 for another organization's, a super admin's excepted, or a site of another type). */
async function ctoOf(db: DbOrTx, user: CurrentUser, id: number, lock = false) {
  const q = db
    .select({ id: sites.id, code: sites.code, port_count: sites.port_count, organization_id: sites.organization_id })
    .from(sites)
    .where(and(eq(sites.id, id), user.superAdmin ? undefined : eq(sites.organization_id, user.organizationId), eq(sites.type, 'cto')));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export async function ctoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['viability'];
  // Sellers see the boxes around a client's address; network people see them on the site's page.
  const read = { read: ['VIABILITY', 'VIABILITY_TEMPLATE_PRODUCT', 'SITE'] } as const;

  app.get(
    '/viability/cto/around',
    {
      config: { access: read },
      schema: {
        tags,
        operationId: 'listCtosAround',
        summary: 'CTOs ao redor de um endereço',
        description: `As CTOs ativas a até \`radius_m\` metros (máx. 2 km) do ponto, da mais próxima à mais distante (até ${CTO_AROUND_MAX}), com as portas livres.`,
        querystring: ctoAroundQuery,
        response: { 200: ctoAroundResult },
      },
    },
    async (req) => {
      const user = userOf(req);
      const q = req.query;
      const found = await ctosAround(app.db, user.organizationId, q.latitude, q.longitude, q.radius_m, CTO_AROUND_MAX + 1);
      const items = found.slice(0, CTO_AROUND_MAX).map((c) => ({ id: c.id, code: c.code, name: c.name, latitude: c.latitude, longitude: c.longitude, distance_m: Math.round(c.distance_m), splitter_ratio: c.splitter_ratio, port_count: c.port_count, free: c.free }));
      return { items, truncated: found.length > CTO_AROUND_MAX };
    },
  );

  const idParam = z.object({ id: z.coerce.number().int().positive() });
  const portParam = idParam.extend({ port: z.coerce.number({ message: 'Porta inválida' }).int('Porta inválida').min(1, 'Porta inválida').max(256, 'Porta inválida') });

  const answer = async (cto: { id: number; code: string; port_count: number | null }) => {
    const ports = await portsOf(app.db, cto);
    return { site_id: cto.id, code: cto.code, port_count: cto.port_count ?? 0, free: ports.filter((p) => p.state === 'livre').length, ports };
  };

  app.get(
    '/viability/cto/:id/port',
    {
      config: { access: read },
      schema: { tags, operationId: 'listCtoPorts', summary: 'Portas da CTO', description: 'Cada porta da CTO: livre, em uso por um serviço (SVC não cancelado) ou reservada por uma proposta aceita (com o código da viabilidade).', params: idParam, response: { 200: ctoPortList } },
    },
    async (req) => answer(await ctoOf(app.db, userOf(req), req.params.id)),
  );

  app.get(
    '/viability/cto/svc/:id',
    {
      config: { access: { read: ['SVC', 'SITE'] } },
      schema: {
        tags,
        operationId: 'getSvcCtoPort',
        summary: 'Porta da CTO do serviço',
        description: 'A CTO e a porta em que o SVC está ligado (`port` nulo quando não está ligado a nenhuma).',
        params: idParam,
        response: { 200: svcCtoPort },
      },
    },
    async (req) => {
      const user = userOf(req);
      const [svc] = await app.db
        .select({ id: svcs.id })
        .from(svcs)
        .where(and(eq(svcs.id, req.params.id), user.superAdmin ? undefined : eq(svcs.organization_id, user.organizationId)));
      if (!svc) throw new HttpError(404, 'SVC não encontrado nesta organização.');
      const [row] = await app.db
        .select({ site_id: sites.id, code: sites.code, name: sites.name, port: ctoPorts.port, port_count: sites.port_count })
        .from(ctoPorts)
        .innerJoin(sites, eq(sites.id, ctoPorts.site_id))
        .where(eq(ctoPorts.svc_id, svc.id));
      return { svc_id: svc.id, port: row ? { ...row, port_count: row.port_count ?? 0 } : null };
    },
  );

  app.put(
    '/viability/cto/:id/port/:port',
    {
      config: { access: siteResource.access.write },
      schema: {
        tags,
        operationId: 'assignCtoPort',
        summary: 'Ligar um serviço a uma porta da CTO',
        description: 'O SVC passa a ocupar a porta (`svc_id` nulo libera a porta de um serviço). Uma porta em uso por outro serviço é recusada (409) até que ele seja desligado; uma porta reservada por uma proposta aceita só é liberada cancelando a viabilidade.',
        params: portParam,
        body: ctoPortAssign,
        response: { 200: ctoPortList },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { port } = req.params;
      const svcId = req.body.svc_id;
      const cto = await app.db.transaction(async (tx) => {
        const box = await ctoOf(tx, user, req.params.id, true);
        if (port > (box.port_count ?? 0)) throw unprocessable([{ propertyPath: 'port', message: `A ${box.code} tem ${box.port_count ?? 0} portas.` }]);
        const [current] = await tx.select().from(ctoPorts).where(and(eq(ctoPorts.site_id, box.id), eq(ctoPorts.port, port)));
        if (current?.unit_id) throw conflict(`A porta ${port} da ${box.code} está reservada por uma proposta aceita: cancele a viabilidade para liberá-la.`);
        if (current?.svc_id && svcId !== null && current.svc_id !== svcId) {
          // Another client's drop is plugged in there: it is unplugged first (svc_id null), never replaced unseen.
          const [holder] = await tx.select({ code: svcs.code, client_name: svcs.client_name, status: svcs.status }).from(svcs).where(eq(svcs.id, current.svc_id));
          if (holder && holder.status !== 'cancelado') throw conflict(`A porta ${port} da ${box.code} está em uso pelo ${holder.code} (${holder.client_name}): desligue-o antes de ligar outro serviço.`);
        }
        if (svcId !== null) {
          const [svc] = await tx.select({ id: svcs.id, code: svcs.code, status: svcs.status }).from(svcs).where(and(eq(svcs.id, svcId), eq(svcs.organization_id, box.organization_id)));
          if (!svc) throw unprocessable([{ propertyPath: 'svc_id', message: 'SVC não encontrado nesta organização.' }]);
          if (svc.status === 'cancelado') throw unprocessable([{ propertyPath: 'svc_id', message: `O SVC ${svc.code} está cancelado.` }]);
          const [elsewhere] = await tx
            .select({ port: ctoPorts.port, code: sites.code })
            .from(ctoPorts)
            .innerJoin(sites, eq(sites.id, ctoPorts.site_id))
            .where(and(eq(ctoPorts.svc_id, svcId), sql`not (${ctoPorts.site_id} = ${box.id} and ${ctoPorts.port} = ${port})`));
          if (elsewhere) throw conflict(`O SVC ${svc.code} já ocupa a porta ${elsewhere.port} da ${elsewhere.code}.`);
        }
        if (current) await tx.delete(ctoPorts).where(eq(ctoPorts.id, current.id));
        if (svcId !== null) await tx.insert(ctoPorts).values({ organization_id: box.organization_id, site_id: box.id, port, svc_id: svcId });
        await audit(tx, user, { entity: 'site', entityId: box.id, organizationId: box.organization_id, action: 'update', before: { [`porta ${port}`]: current?.svc_id ?? null }, after: { [`porta ${port}`]: svcId } });
        return box;
      });
      return answer(cto);
    },
  );
}
