import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardRead } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { dashboardCards } from './cards';
import { periodicJob } from '../../core/jobs';
import { FIGURES_EVERY_MS, figuresFor, refreshAllFigures } from './figures';

/**
 * `GET /api/dashboard`: "O que precisa de mim agora" in one request — the cards the
 * user's permissions allow (none is a 200 with no cards) and the key figures for managers. Always
 * the user's own organization, a super admin's too. The cards' statement and the figures run side
 * by side (the pool gives each its connection).
 */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  periodicJob(fastify, { name: 'dashboard figures', lockKey: 4262, everyMs: FIGURES_EVERY_MS, firstAfterMs: 13_000, run: () => refreshAllFigures(fastify.db) });
  app.get(
    '/dashboard',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        response: { 200: dashboardRead },
        description: 'Painel inicial: o que aguarda o usuário agora (cada cartão só com a permissão do seu módulo) e os números da organização para gestores.',
      },
    },
    async (req) => {
      const user = userOf(req);
      const [cards, figures] = await Promise.all([dashboardCards(app.db, user), figuresFor(app.db, user)]);
      return { cards, figures };
    },
  );
}
