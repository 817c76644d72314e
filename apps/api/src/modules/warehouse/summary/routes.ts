import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AnyColumn, and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { PATRIMONY_STATUSES, WAREHOUSE_PERMISSIONS, type PatrimonyStatus, warehouseSummary } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import { forbidden } from '../../../core/errors';
import { movements } from '../movement/schema';
import { patrimonies } from '../patrimony/schema';
import { waitingFor } from '../patrimony-solicitation/routes';
import { patrimonySolicitations } from '../patrimony-solicitation/schema';
import { belowMinimum } from '../product/routes';
import { products } from '../product/schema';
import { sections } from '../section/schema';
import { canRead } from '../shared';
import { stocks } from '../stock/schema';

/** `GET /api/warehouse/summary`: the live counts of the /warehouse hub, each one only for who may see it. */
export async function warehouseSummaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/warehouse/summary',
    {
      // Any warehouse permission (checked below); the Access rule has no "any of" form.
      config: { access: 'authenticated' },
      schema: { tags: ['warehouse'], response: { 200: warehouseSummary }, description: 'Contagens do hub do almoxarifado; null onde o usuário não tem permissão.' },
    },
    async (req) => {
      const user = userOf(req);
      const seesAny = user.superAdmin || WAREHOUSE_PERMISSIONS.some((p) => canRead(user, p));
      if (!seesAny) throw forbidden();
      // A super admin sees every organization's counts, as in the lists.
      const inOrg = (column: AnyColumn) => (user.superAdmin ? undefined : eq(column, user.organizationId));
      const count = async (q: Promise<{ n: number }[]>) => (await q)[0].n;
      const n = sql<number>`count(*)::int`;
      const warehouse = canRead(user, 'WAREHOUSE');

      const patrimonyCounts = async () => {
        const rows = await app.db.select({ status: patrimonies.status, n }).from(patrimonies).where(inOrg(patrimonies.organization_id)).groupBy(patrimonies.status);
        const out = Object.fromEntries(PATRIMONY_STATUSES.map((s) => [s, 0])) as Record<PatrimonyStatus, number>;
        for (const r of rows) out[r.status] = r.n;
        return out;
      };
      const seesPatrimony = warehouse || canRead(user, 'PATRIMONY');
      const seesProducts = warehouse || canRead(user, 'PRODUCT');
      const [patrimony, stockCount, sectionCount, productCount, below, recent, waiting, mineOpen, held, unconfirmed] = await Promise.all([
        seesPatrimony ? patrimonyCounts() : null,
        warehouse || canRead(user, 'STOCK') ? count(app.db.select({ n }).from(stocks).where(and(inOrg(stocks.organization_id), eq(stocks.is_active, true)))) : null,
        warehouse || canRead(user, 'SECTION') ? count(app.db.select({ n }).from(sections).where(and(inOrg(sections.organization_id), eq(sections.is_active, true)))) : null,
        seesProducts ? count(app.db.select({ n }).from(products).where(and(inOrg(products.organization_id), eq(products.is_active, true)))) : null,
        seesProducts ? count(app.db.select({ n }).from(products).where(and(inOrg(products.organization_id), eq(products.is_active, true), belowMinimum))) : null,
        warehouse || canRead(user, 'PATRIMONY_HISTORY')
          ? count(app.db.select({ n }).from(movements).where(and(inOrg(movements.organization_id), gte(movements.created_at, new Date(Date.now() - 30 * 86_400_000)))))
          : null,
        count(app.db.select({ n }).from(patrimonySolicitations).where(and(inOrg(patrimonySolicitations.organization_id), waitingFor(user)))),
        count(app.db.select({ n }).from(patrimonySolicitations).where(and(eq(patrimonySolicitations.requester_id, user.id), inArray(patrimonySolicitations.status, ['pendente', 'aprovada'])))),
        count(app.db.select({ n }).from(patrimonies).where(eq(patrimonies.holder_user_id, user.id))),
        count(app.db.select({ n }).from(patrimonies).where(and(eq(patrimonies.holder_user_id, user.id), isNull(patrimonies.holder_confirmed_at)))),
      ]);
      return {
        patrimony,
        patrimony_total: patrimony ? Object.values(patrimony).reduce((a, b) => a + b, 0) : null,
        stocks: stockCount,
        sections: sectionCount,
        products: productCount,
        products_below_minimum: below,
        movements_last_30_days: recent,
        requests_waiting_for_me: waiting,
        my_open_requests: mineOpen,
        my_patrimony: held,
        my_patrimony_unconfirmed: unconfirmed,
      };
    },
  );
}
