import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AnyColumn, type SQL, and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  FAQ_PAGE_SIZE,
  type FaqMoveDirection,
  faqCategoryEntity,
  faqCategoryRead,
  faqCategoryResource,
  faqFeedbackInput,
  faqMoveInput,
  type FaqQuestionRead,
  faqQuestionRead,
  faqQuestionResource,
  idParam,
} from '@operacoes/contract';
import { type CurrentUser, allows, userOf } from '../../core/access';
import { audit } from '../../core/audit';
import type { DbOrTx, Tx } from '../../core/db';
import { notFound } from '../../core/errors';
import { cleanHtml } from '../../core/html';
import { searchText } from '../../core/list';
import { violation } from '../../core/rows';
import { type ResourceDef, byIds, findVisible, plainPresent } from '../../core/resource';
import { defineApiResource } from '../../core/resource-kit';
import { organizations } from '../../core/schema';
import { faqCategories, faqFeedback, faqQuestions } from './schema';
import type { z } from 'zod';

type Row = Record<string, unknown> & { id: number };

/** Writers of the FAQ (DESIGN §3: `ORG` or a super admin) see inactive questions and the "Foi útil?" counts. */
const isWriter = (user: CurrentUser | undefined) => !!user && allows(user, faqQuestionResource.access.write);

/** The words of sanitized HTML, for the search text and the "empty answer" check (never rendered). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The next position at the end of a list (categories of an organization, questions of a category). */
async function nextPosition(tx: DbOrTx, column: AnyColumn, table: PgTable, where: SQL): Promise<number> {
  const [{ last }] = await tx.select({ last: max(column) }).from(table).where(where);
  return ((last as number | null) ?? 0) + 1;
}

/**
 * Moves a row one place up or down among its siblings. The siblings are locked in id order (so
 * two moves never deadlock), renumbered 1..n in their current order (ties by id) with the row
 * swapped with its neighbour; each row whose position changed gets an audit row. At either end
 * the move changes nothing.
 */
async function moveAmong(
  tx: Tx,
  user: CurrentUser,
  o: { table: PgTable; id: PgColumn; position: PgColumn; siblings: SQL; entity: string; organizationId: number },
  rowId: number,
  direction: FaqMoveDirection,
) {
  const locked = (await tx.select({ id: o.id, position: o.position }).from(o.table).where(o.siblings).orderBy(asc(o.id)).for('update')) as { id: number; position: number }[];
  const order = [...locked].sort((a, b) => a.position - b.position || a.id - b.id);
  const i = order.findIndex((s) => s.id === rowId);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i >= 0 && j >= 0 && j < order.length) [order[i], order[j]] = [order[j], order[i]];
  for (const [k, s] of order.entries()) {
    const position = k + 1;
    if (s.position === position) continue;
    await tx.update(o.table).set({ position } as never).where(eq(o.id, s.id));
    await audit(tx, user, { entity: o.entity, entityId: s.id, organizationId: o.organizationId, action: 'update', changes: { position: [s.position, position] } });
  }
}

/** `/api/faq/category`, `/api/faq/question` (the kit) plus reordering and "Foi útil?" votes. */
export async function faqRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const categoryDef = defineApiResource(app, faqCategoryResource, {
    table: faqCategories,
    maxPageSize: FAQ_PAGE_SIZE,
    defaultSort: [asc(faqCategories.position), asc(faqCategories.id)],
    sortable: { id: faqCategories.id, name: faqCategories.name, position: faqCategories.position, created_at: faqCategories.created_at, updated_at: faqCategories.updated_at },
    searchOf: (r) => searchText(r.name as string),
    unique: { name: 'o nome' },
    counts: { question_count: faqQuestions.category_id },
    guardDelete: [[faqQuestions, faqQuestions.category_id, 'pergunta', 'perguntas']],
    async toValues(values, { user, tx }, existing) {
      if (existing) return values;
      // A super admin may name the organization; everyone else writes in their own (the kit refuses a foreign one).
      const named = user.superAdmin && typeof values.organization_id === 'number' ? values.organization_id : undefined;
      if (named !== undefined) {
        const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, named));
        if (!org) throw violation('organization_id', 'Organização não encontrada.');
      }
      const organizationId = named ?? user.organizationId;
      // New categories go to the end of the page.
      return { ...values, position: await nextPosition(tx, faqCategories.position, faqCategories, eq(faqCategories.organization_id, organizationId)) };
    },
  });

  /** Questions as the user sees them: the category, and the votes (counts for writers, their own vote for everyone). */
  async function presentQuestions(rows: Row[], db: DbOrTx, user?: CurrentUser): Promise<FaqQuestionRead[]> {
    const out = plainPresent(rows) as Record<string, unknown>[];
    const categories = await byIds<Row>(db, faqCategories as never, rows.map((r) => r.category_id as number));
    const ids = rows.map((r) => r.id);
    const counts = new Map<number, { useful: number; notUseful: number }>();
    const mine = new Map<number, boolean>();
    if (ids.length && isWriter(user)) {
      const found = await db
        .select({
          id: faqFeedback.question_id,
          useful: sql<number>`(count(*) filter (where ${faqFeedback.useful}))::int`,
          notUseful: sql<number>`(count(*) filter (where not ${faqFeedback.useful}))::int`,
        })
        .from(faqFeedback)
        .where(inArray(faqFeedback.question_id, ids))
        .groupBy(faqFeedback.question_id);
      for (const c of found) counts.set(c.id, { useful: c.useful, notUseful: c.notUseful });
    }
    if (ids.length && user) {
      const votes = await db
        .select({ id: faqFeedback.question_id, useful: faqFeedback.useful })
        .from(faqFeedback)
        .where(and(eq(faqFeedback.user_id, user.id), inArray(faqFeedback.question_id, ids)));
      for (const v of votes) mine.set(v.id, v.useful);
    }
    const writer = isWriter(user);
    return out.map((o) => {
      const category = categories.get(o.category_id as number);
      const c = counts.get(o.id as number);
      return {
        ...o,
        category: category ? { id: category.id, name: category.name as string } : null,
        useful_count: writer ? (c?.useful ?? 0) : null,
        not_useful_count: writer ? (c?.notUseful ?? 0) : null,
        my_vote: mine.get(o.id as number) ?? null,
      } as FaqQuestionRead;
    });
  }

  const questionDef = defineApiResource(app, faqQuestionResource, {
    table: faqQuestions,
    maxPageSize: FAQ_PAGE_SIZE,
    // The kit's get would show an inactive question to a reader: ours below hides it.
    routes: ['list', 'create', 'update', 'delete'],
    // The page's order: categories in their order, then questions in theirs.
    defaultSort: [
      sql`(select ${faqCategories.position} from ${faqCategories} where ${faqCategories.id} = ${faqQuestions.category_id})`,
      asc(faqQuestions.category_id),
      asc(faqQuestions.position),
      asc(faqQuestions.id),
    ],
    sortable: {
      id: faqQuestions.id,
      question: faqQuestions.question,
      position: faqQuestions.position,
      category_id: faqQuestions.category_id,
      is_active: faqQuestions.is_active,
      created_at: faqQuestions.created_at,
      updated_at: faqQuestions.updated_at,
    },
    filters: (q, user) => [
      q.category ? eq(faqQuestions.category_id, q.category) : undefined,
      // Readers see only the active questions; writers may filter.
      !isWriter(user) ? eq(faqQuestions.is_active, true) : q.isActive !== undefined ? eq(faqQuestions.is_active, q.isActive) : undefined,
    ],
    searchOf: (r) => searchText(r.question as string, plainText(r.answer as string)),
    refs: { category_id: { table: faqCategories, noun: faqCategoryEntity, owner: true } },
    present: presentQuestions,
    async toValues(values, { tx }, existing) {
      const out = { ...values };
      if (typeof values.answer === 'string') {
        out.answer = cleanHtml(values.answer);
        // Only markup that sanitizing removed (a lone <script>) is no answer.
        if (!plainText(out.answer as string) && !/<img\s/i.test(out.answer as string)) throw violation('answer', 'Informe a resposta');
      }
      const category = values.category_id as number | undefined;
      if (category !== undefined && category !== existing?.category_id) {
        // A new question, or one moved to another category, goes to the end of that category
        // (the category row is locked so that two questions added at once get distinct places).
        await tx.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.id, category)).for('update');
        out.position = await nextPosition(tx, faqQuestions.position, faqQuestions, eq(faqQuestions.category_id, category));
      }
      return out;
    },
  });

  const visibleQuestion = async (db: DbOrTx, user: CurrentUser, id: number) => {
    const row = await findVisible<Row>(questionDef, db, user, id);
    if (!row.is_active && !isWriter(user)) throw notFound(questionDef);
    return row;
  };

  app.get(
    '/faq/question/:id',
    { config: { access: faqQuestionResource.access.read }, schema: { tags: ['faq_question'], params: idParam, response: { 200: faqQuestionRead } } },
    async (req) => {
      const user = userOf(req);
      return (await presentQuestions([await visibleQuestion(app.db, user, req.params.id)], app.db, user))[0];
    },
  );

  app.post(
    '/faq/question/:id/feedback',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['faq_question'],
        summary: 'Registrar "Foi útil?"',
        description: 'Qualquer usuário logado vota sim (`useful: true`) ou não; um segundo voto do mesmo usuário substitui o primeiro.',
        params: idParam,
        body: faqFeedbackInput,
        response: { 200: faqQuestionRead },
      },
    },
    async (req) => {
      const user = userOf(req);
      const row = await visibleQuestion(app.db, user, req.params.id);
      const { useful } = req.body;
      // One vote per user and question: voting again changes the vote (atomic upsert, no read first).
      await app.db
        .insert(faqFeedback)
        .values({ question_id: row.id, user_id: user.id, useful })
        .onConflictDoUpdate({ target: [faqFeedback.question_id, faqFeedback.user_id], set: { useful, updated_at: new Date() } });
      return (await presentQuestions([row], app.db, user))[0];
    },
  );

  /** POST <path>/:id/move: one place up or down among the record's siblings, answered as the kit presents the record. */
  function moveRoute(o: {
    path: string;
    def: ResourceDef;
    resource: { entity: string; access: { write: typeof faqCategoryResource.access.write } };
    summary: string;
    description: string;
    response: z.ZodType;
    siblings: (row: Row) => { table: PgTable; id: PgColumn; position: PgColumn; siblings: SQL };
  }) {
    app.post(
      `${o.path}/:id/move`,
      {
        config: { access: o.resource.access.write },
        schema: { tags: [o.resource.entity], summary: o.summary, description: o.description, params: idParam, body: faqMoveInput, response: { 200: o.response } },
      },
      async (req) => {
        const user = userOf(req);
        const row = await findVisible<Row>(o.def, app.db, user, req.params.id);
        await app.db.transaction((tx: Tx) =>
          moveAmong(tx, user, { ...o.siblings(row), entity: o.resource.entity, organizationId: row.organization_id as number }, row.id, req.body.direction),
        );
        return presentOne<unknown>(o.def, row.id, user);
      },
    );
  }

  moveRoute({
    path: '/faq/category',
    def: categoryDef,
    resource: faqCategoryResource,
    summary: 'Mover a categoria',
    description: 'Uma posição acima (`up`) ou abaixo (`down`) na página.',
    response: faqCategoryRead,
    siblings: (row) => ({ table: faqCategories, id: faqCategories.id, position: faqCategories.position, siblings: eq(faqCategories.organization_id, row.organization_id as number) }),
  });
  moveRoute({
    path: '/faq/question',
    def: questionDef,
    resource: faqQuestionResource,
    summary: 'Mover a pergunta',
    description: 'Uma posição acima (`up`) ou abaixo (`down`) dentro da sua categoria.',
    response: faqQuestionRead,
    siblings: (row) => ({ table: faqQuestions, id: faqQuestions.id, position: faqQuestions.position, siblings: eq(faqQuestions.category_id, row.category_id as number) }),
  });

  /** A row after a move, as the kit answers it. */
  async function presentOne<T>(def: ResourceDef, id: number, user: CurrentUser): Promise<T> {
    const row = await findVisible<Row>(def, app.db, user, id);
    return (await def.present!([row], app.db, user))[0] as T;
  }
}
