import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { idParam, listOf, listQuery, myPatrimonyRead, myPatrimonyReturn, solicitationRead } from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { HttpError, conflict } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { listPage } from '../../../core/resource-kit';
import { notify, usersWithPermission } from '../../../core/notify';
import { personRefs } from '../../../core/rows';
import { currentTimeZone } from '../../../core/time-zone';
import type { PatrimonyRow } from '../movement/service';
import { patrimonySolicitationItems, patrimonySolicitations } from '../patrimony-solicitation/schema';
import { solicitationResource, solicitationWorkflow } from '../patrimony-solicitation/routes';
import { solicitationLink } from '../patrimony-solicitation/service';
import { presentPatrimonies } from '../patrimony/routes';
import { patrimonies } from '../patrimony/schema';
import { patrimonySearch } from '../patrimony/search';

/** The open retirada each item came from, and any pending devolução for it. */
async function requestsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return { origin: new Map<number, number>(), pendingReturn: new Map<number, number>() };
  const rows = await db
    .select({ patrimony_id: patrimonySolicitationItems.patrimony_id, id: patrimonySolicitations.id, kind: patrimonySolicitations.kind, status: patrimonySolicitations.status })
    .from(patrimonySolicitationItems)
    .innerJoin(patrimonySolicitations, eq(patrimonySolicitations.id, patrimonySolicitationItems.solicitation_id))
    .where(and(inArray(patrimonySolicitationItems.patrimony_id, ids), isNull(patrimonySolicitationItems.returned_at)))
    .orderBy(desc(patrimonySolicitations.id));
  const origin = new Map<number, number>();
  const pendingReturn = new Map<number, number>();
  for (const r of rows) {
    if (r.kind === 'retirada' && r.status === 'entregue' && !origin.has(r.patrimony_id!)) origin.set(r.patrimony_id!, r.id);
    if (r.kind === 'devolucao' && r.status === 'pendente' && !pendingReturn.has(r.patrimony_id!)) pendingReturn.set(r.patrimony_id!, r.id);
  }
  return { origin, pendingReturn };
}

async function presentMine(rows: PatrimonyRow[], db: DbOrTx) {
  const [base, reqs] = await Promise.all([presentPatrimonies(rows, db), requestsOf(db, rows.map((r) => r.id))]);
  return base.map((b) => ({ ...b, solicitation_id: reqs.origin.get(b.id) ?? null, return_solicitation_id: reqs.pendingReturn.get(b.id) ?? null }));
}

/** An item I hold, locked; anything else is 404. */
async function mine(tx: DbOrTx, user: CurrentUser, id: number): Promise<PatrimonyRow> {
  const [row] = await tx
    .select()
    .from(patrimonies)
    .where(and(eq(patrimonies.id, id), eq(patrimonies.holder_user_id, user.id)))
    .for('update');
  if (!row) throw new HttpError(404, 'Item não encontrado entre os seus patrimônios.');
  return row;
}

/** `/my-patrimony`: what I hold, confirmation of receipt, and return requests. Any logged-in user. */
export async function myPatrimonyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['my_patrimony'];

  app.get(
    '/my-patrimony',
    { config: { access: 'authenticated' }, schema: { tags, querystring: listQuery, response: { 200: listOf(myPatrimonyRead) }, description: 'Itens que estão comigo (responsável = usuário atual).' } },
    async (req) => {
      const user = userOf(req);
      const search = await patrimonySearch(app.db, user.organizationId, req.query.search);
      const where = and(eq(patrimonies.holder_user_id, user.id), search?.where);
      const sortable = { id: patrimonies.id, tag: patrimonies.tag, status: patrimonies.status };
      return listPage(app.db, { table: patrimonies, where, query: req.query, sortable, defaultSort: [desc(patrimonies.id)] }, (rows: PatrimonyRow[]) => presentMine(rows, app.db));
    },
  );

  app.post(
    '/my-patrimony/:id/confirm',
    { config: { access: 'authenticated' }, schema: { tags, params: idParam, response: { 200: myPatrimonyRead }, description: 'Confirmar recebimento: guarda a data em que o responsável confirmou que recebeu o item.' } },
    async (req) => {
      const user = userOf(req);
      const row = await app.db.transaction(async (tx) => {
        const item = await mine(tx, user, req.params.id);
        if (item.holder_confirmed_at) {
          throw conflict(`O recebimento do item ${item.tag} já foi confirmado em ${item.holder_confirmed_at.toLocaleDateString('pt-BR', { timeZone: currentTimeZone() })}.`);
        }
        const [updated] = await tx.update(patrimonies).set({ holder_confirmed_at: new Date(), updated_at: new Date() }).where(eq(patrimonies.id, item.id)).returning();
        await audit(tx, user, { entity: 'patrimony', entityId: item.id, organizationId: item.organization_id, action: 'update', before: item, after: updated });
        return updated;
      });
      return (await presentMine([row], app.db))[0];
    },
  );

  app.post(
    '/my-patrimony/:id/return',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParam, body: myPatrimonyReturn, response: { 201: solicitationRead }, description: 'Devolver: abre um pedido de devolução (solicitação do tipo devolução) para o almoxarifado receber o item.' },
    },
    async (req, reply) => {
      const user = userOf(req);
      let deliver: (() => Promise<void>) | undefined;
      const row = await app.db.transaction(async (tx) => {
        const item = await mine(tx, user, req.params.id);
        if (item.status !== 'em_uso') throw conflict(`O item ${item.tag} não está em uso com você; não há o que devolver.`);
        const { origin, pendingReturn } = await requestsOf(tx, [item.id]);
        const open = pendingReturn.get(item.id);
        if (open) throw conflict(`Já existe um pedido de devolução aberto para o item ${item.tag} (solicitação #${open}).`);
        const reason = req.body?.reason || `Devolução do item ${item.tag}`;
        const person = (await personRefs(tx, [user.id])).get(user.id);
        const [s] = await tx
          .insert(patrimonySolicitations)
          .values({
            organization_id: item.organization_id,
            kind: 'devolucao',
            status: 'pendente',
            requester_id: user.id,
            reason,
            origin_id: origin.get(item.id) ?? null,
            stock_id: null,
            search_text: searchText(reason, item.tag, person?.username, person?.name),
          })
          .returning();
        await tx.insert(patrimonySolicitationItems).values({ solicitation_id: s.id, patrimony_id: item.id, product_id: item.product_id, quantity: '1', delivered_at: new Date() });
        await audit(tx, user, { entity: 'patrimony_solicitation', entityId: s.id, organizationId: s.organization_id, action: 'create', after: s });
        deliver = await notify(app, tx, await usersWithPermission(tx, s.organization_id, 'PATRIMONY', user.id, { resource: solicitationResource, id: s.id }), `Pedido de devolução #${s.id}`, `${person?.name ?? user.username} quer devolver o item ${item.tag}.`, solicitationLink(s.id), user);
        return s;
      });
      await deliver?.();
      reply.status(201);
      return (await solicitationWorkflow.present([row], app.db, user))[0];
    },
  );
}
