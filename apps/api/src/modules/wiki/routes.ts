/**
 * The wiki: the endpoints listed in packages/contract/src/wiki/index.ts. Reading needs
 * a login, writing super admin or ORG (DESIGN §3). Pages are addressed by path inside the user's
 * organization; every save (create, update, move, restore) is a version; an update or restore
 * that started from an older version is a 409 carrying the current page; a move takes the
 * children along and leaves redirects; links between pages are kept by id (see ./html.ts).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  WIKI_MAX_DEPTH,
  WIKI_UPLOAD_KINDS,
  WIKI_UPLOAD_MAX_BYTES,
  type WikiVersionItem,
  idParam,
  wikiDiff,
  wikiDiffQuery,
  wikiPageCreate,
  wikiPageMove,
  wikiPageRestore,
  wikiPageUpdate,
  wikiPageView,
  wikiPathQuery,
  wikiSearchQuery,
  wikiSearchResult,
  wikiTree,
  wikiUpload,
  wikiVersion,
  wikiVersionList,
  wikiVersionParams,
  wikiVersionsQuery,
} from '@operacoes/contract';
import { userOf } from '../../core/access';
import type { DbOrTx } from '../../core/db';
import { HttpError, conflict, unprocessable } from '../../core/errors';
import { listResult } from '../../core/list';
import { personRefs, refOf } from '../../core/rows';
import { saveUpload, uploadedFile } from '../files';
import { lineRow, sideBySide } from './diff';
import {
  type Page,
  StaleSave,
  auditPage,
  contentValues,
  ensureFree,
  pageById,
  pageByPath,
  pageColumns,
  pageView,
  parentOf,
  prepareBody,
  rendered,
  staleSave,
  subtree,
  writeVersion,
} from './pages';
import { searchWiki } from './search';
import { wikiPageVersions, wikiPages, wikiRedirects } from './schema';

const tags = ['wiki'];
const depthOf = (p: string) => p.split('/').length;
const compareSegments = (a: string, b: string) => {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
};

type VersionRow = typeof wikiPageVersions.$inferSelect;

async function versionItems(db: DbOrTx, rows: VersionRow[]): Promise<WikiVersionItem[]> {
  const people = await personRefs(db, rows.map((r) => r.user_id));
  return rows.map((r) => {
    const p = refOf(people, r.user_id);
    return {
      version: r.version,
      action: r.action,
      title: r.title,
      path: r.path,
      author: p ? { id: p.id, name: p.name } : null,
      created_at: r.created_at.toISOString(),
      restored_from: r.restored_from,
    };
  });
}

async function versionOf(db: DbOrTx, page: Page, version: number): Promise<VersionRow> {
  const [row] = await db
    .select()
    .from(wikiPageVersions)
    .where(and(eq(wikiPageVersions.page_id, page.id), eq(wikiPageVersions.version, version)));
  if (!row) throw new HttpError(404, `Versão ${version} não encontrada.`);
  return row;
}

export async function wikiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Runs a write; a stale save answers its 409 with the current page (the error handler would drop it). */
  const answering = async <T>(reply: object, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof StaleSave) return (reply as FastifyReply).status(409).send({ code: 409, message: err.message, current: err.current }) as never;
      throw err;
    }
  };
  /** The kit's rule: a body naming another organization is refused (422), never silently written in the user's own. */
  const refuseForeign = async (req: FastifyRequest) => {
    const body = req.body as { organization_id?: unknown } | undefined;
    if (body && typeof body === 'object' && body.organization_id !== undefined && body.organization_id !== userOf(req).organizationId) {
      throw unprocessable([{ propertyPath: 'organization_id', message: 'Organização inválida.' }]);
    }
  };
  const checkBase = async (tx: DbOrTx, page: Page, base: number | undefined) => {
    if (base !== undefined && base !== page.version) throw await staleSave(tx, page);
  };

  app.get('/wiki/tree', { config: { access: 'authenticated' }, schema: { tags, summary: 'Árvore de páginas da wiki', response: { 200: wikiTree } } }, async (req) => {
    const user = userOf(req);
    const rows = await app.db
      .select({ id: wikiPages.id, path: wikiPages.path, title: wikiPages.title, parent_id: wikiPages.parent_id })
      .from(wikiPages)
      .where(eq(wikiPages.organization_id, user.organizationId));
    return { items: rows.sort((a, b) => compareSegments(a.path, b.path)) };
  });

  app.get(
    '/wiki/page',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Página da wiki pelo endereço', querystring: wikiPathQuery, response: { 200: wikiPageView } } },
    async (req) => {
      const user = userOf(req);
      const { page, redirected } = await pageByPath(app.db, user, req.query.path);
      return pageView(app.db, user, page, redirected ? req.query.path : null);
    },
  );

  app.get('/wiki/page/:id', { config: { access: 'authenticated' }, schema: { tags, summary: 'Página da wiki', params: idParam, response: { 200: wikiPageView } } }, async (req) => {
    const user = userOf(req);
    return pageView(app.db, user, await pageById(app.db, user, req.params.id));
  });

  app.post(
    '/wiki/page',
    { config: { access: 'orgAdmin' }, preValidation: refuseForeign, schema: { tags, summary: 'Criar página da wiki', body: wikiPageCreate, response: { 201: wikiPageView } } },
    async (req, reply) => {
      const user = userOf(req);
      const b = req.body;
      const page = await app.db.transaction(async (tx) => {
        const parent = await parentOf(tx, user.organizationId, b.path);
        await ensureFree(tx, user.organizationId, b.path);
        const { body, body_text } = await prepareBody(tx, user.organizationId, b.body);
        const [row] = await tx
          .insert(wikiPages)
          .values({ organization_id: user.organizationId, parent_id: parent?.id ?? null, path: b.path, ...contentValues(b.title, body, body_text), version: 1, created_by: user.id, updated_by: user.id })
          .returning(pageColumns);
        // A page created where an old address pointed takes the address over.
        await tx.delete(wikiRedirects).where(and(eq(wikiRedirects.organization_id, user.organizationId), eq(wikiRedirects.path, b.path)));
        await writeVersion(tx, user, row, 'create');
        await auditPage(tx, user, 'create', null, row);
        return row;
      });
      return reply.status(201).send(await pageView(app.db, user, page));
    },
  );

  app.put(
    '/wiki/page/:id',
    { config: { access: 'orgAdmin' }, preValidation: refuseForeign, schema: { tags, summary: 'Salvar página da wiki', params: idParam, body: wikiPageUpdate, response: { 200: wikiPageView } } },
    async (req, reply) =>
      answering(reply, async () => {
        const user = userOf(req);
        const b = req.body;
        const page = await app.db.transaction(async (tx) => {
          const existing = await pageById(tx, user, req.params.id, true);
          await checkBase(tx, existing, b.base_version);
          const { body, body_text } = await prepareBody(tx, user.organizationId, b.body);
          // Saving what is already there is not a new version.
          if (body === existing.body && b.title === existing.title) return existing;
          const [row] = await tx
            .update(wikiPages)
            .set({ ...contentValues(b.title, body, body_text), version: existing.version + 1, updated_by: user.id, updated_at: new Date() })
            .where(eq(wikiPages.id, existing.id))
            .returning(pageColumns);
          await writeVersion(tx, user, row, 'update');
          await auditPage(tx, user, 'update', existing, row);
          return row;
        });
        return pageView(app.db, user, page);
      }),
  );

  app.post(
    '/wiki/page/:id/move',
    { config: { access: 'orgAdmin' }, preValidation: refuseForeign, schema: { tags, summary: 'Mudar o endereço de uma página (e das subpáginas)', params: idParam, body: wikiPageMove, response: { 200: wikiPageView } } },
    async (req, reply) =>
      answering(reply, async () => {
        const user = userOf(req);
        const to = req.body.path;
        const page = await app.db.transaction(async (tx) => {
          const existing = await pageById(tx, user, req.params.id, true);
          await checkBase(tx, existing, req.body.base_version);
          if (to === existing.path) return existing;
          if (to.startsWith(`${existing.path}/`)) throw unprocessable([{ propertyPath: 'path', message: 'Uma página não pode ser movida para dentro dela mesma' }]);
          const parent = await parentOf(tx, user.organizationId, to);
          await ensureFree(tx, user.organizationId, to);
          const pages = await subtree(tx, user.organizationId, existing.path);
          const deepest = Math.max(...pages.map((p) => depthOf(p.path)));
          if (deepest - depthOf(existing.path) + depthOf(to) > WIKI_MAX_DEPTH) {
            throw unprocessable([{ propertyPath: 'path', message: `Com as subpáginas, o endereço passaria de ${WIKI_MAX_DEPTH} níveis` }]);
          }
          const moved: Page[] = [];
          for (const p of pages) {
            const newPath = to + p.path.slice(existing.path.length);
            const [row] = await tx
              .update(wikiPages)
              .set({ path: newPath, ...(p.id === existing.id ? { parent_id: parent?.id ?? null } : {}), version: p.version + 1, updated_by: user.id, updated_at: new Date() })
              .where(eq(wikiPages.id, p.id))
              .returning(pageColumns);
            await writeVersion(tx, user, row, 'move');
            await auditPage(tx, user, 'update', p, row);
            moved.push(row);
          }
          // Old addresses keep answering: each one now redirects to its page (an address reused later wins over it).
          await tx
            .delete(wikiRedirects)
            .where(and(eq(wikiRedirects.organization_id, user.organizationId), inArray(wikiRedirects.path, moved.map((p) => p.path))));
          await tx
            .insert(wikiRedirects)
            .values(pages.map((p) => ({ organization_id: user.organizationId, path: p.path, page_id: p.id })))
            .onConflictDoUpdate({ target: [wikiRedirects.organization_id, wikiRedirects.path], set: { page_id: sql`excluded.page_id`, created_at: new Date() } });
          return moved[0];
        });
        return pageView(app.db, user, page);
      }),
  );

  app.post(
    '/wiki/page/:id/restore',
    { config: { access: 'orgAdmin' }, preValidation: refuseForeign, schema: { tags, summary: 'Restaurar uma versão da página', params: idParam, body: wikiPageRestore, response: { 200: wikiPageView } } },
    async (req, reply) =>
      answering(reply, async () => {
        const user = userOf(req);
        const page = await app.db.transaction(async (tx) => {
          const existing = await pageById(tx, user, req.params.id, true);
          await checkBase(tx, existing, req.body.base_version);
          const old = await versionOf(tx, existing, req.body.version);
          const [row] = await tx
            .update(wikiPages)
            .set({ ...contentValues(old.title, old.body, old.body_text), version: existing.version + 1, updated_by: user.id, updated_at: new Date() })
            .where(eq(wikiPages.id, existing.id))
            .returning(pageColumns);
          await writeVersion(tx, user, row, 'restore', old.version);
          await auditPage(tx, user, 'update', existing, row);
          return row;
        });
        return pageView(app.db, user, page);
      }),
  );

  app.delete('/wiki/page/:id', { config: { access: 'orgAdmin' }, preValidation: refuseForeign, schema: { tags, summary: 'Excluir página da wiki', params: idParam } }, async (req, reply) => {
    const user = userOf(req);
    await app.db.transaction(async (tx) => {
      const existing = await pageById(tx, user, req.params.id, true);
      const [{ n }] = await tx.select({ n: count() }).from(wikiPages).where(eq(wikiPages.parent_id, existing.id));
      if (n > 0) {
        throw conflict(`A página "${existing.title}" não pode ser excluída: tem ${n} ${n === 1 ? 'subpágina' : 'subpáginas'}. Exclua ou mova as subpáginas antes.`);
      }
      await tx.delete(wikiPages).where(eq(wikiPages.id, existing.id));
      await auditPage(tx, user, 'delete', existing, null);
    });
    return reply.status(204).send();
  });

  app.get(
    '/wiki/page/:id/versions',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Versões de uma página', params: idParam, querystring: wikiVersionsQuery, response: { 200: wikiVersionList } } },
    async (req) => {
      const user = userOf(req);
      const page = await pageById(app.db, user, req.params.id);
      const { page: n, pageSize } = req.query;
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(wikiPageVersions)
          .where(eq(wikiPageVersions.page_id, page.id))
          .orderBy(desc(wikiPageVersions.version))
          .limit(pageSize)
          .offset((n - 1) * pageSize),
        app.db.select({ total: count() }).from(wikiPageVersions).where(eq(wikiPageVersions.page_id, page.id)),
      ]);
      return listResult(await versionItems(app.db, rows), total, n, pageSize);
    },
  );

  app.get(
    '/wiki/page/:id/versions/:version',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Uma versão de uma página', params: wikiVersionParams, response: { 200: wikiVersion } } },
    async (req) => {
      const user = userOf(req);
      const page = await pageById(app.db, user, req.params.id);
      const row = await versionOf(app.db, page, req.params.version);
      const [item] = await versionItems(app.db, [row]);
      return { ...item, page_id: page.id, body: await rendered(app.db, page.organization_id, row.body) };
    },
  );

  app.get(
    '/wiki/page/:id/diff',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Comparar duas versões de uma página', params: idParam, querystring: wikiDiffQuery, response: { 200: wikiDiff } } },
    async (req) => {
      const user = userOf(req);
      const page = await pageById(app.db, user, req.params.id);
      const [from, to] = await Promise.all([versionOf(app.db, page, req.query.from), versionOf(app.db, page, req.query.to)]);
      const [fromItem, toItem] = await versionItems(app.db, [from, to]);
      const lines = (text: string) => (text ? text.split('\n') : []);
      return { from: fromItem, to: toItem, title: lineRow(from.title, to.title), ...sideBySide(lines(from.body_text), lines(to.body_text)) };
    },
  );

  app.get(
    '/wiki/search',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Pesquisar na wiki', querystring: wikiSearchQuery, response: { 200: wikiSearchResult } } },
    async (req) => {
      const user = userOf(req);
      return searchWiki(app.db, user, req.query.q, req.query.page, req.query.pageSize);
    },
  );

  app.post(
    '/wiki/upload',
    { config: { access: 'orgAdmin' }, preValidation: refuseForeign, schema: { tags, summary: 'Enviar imagem ou anexo para uma página', consumes: ['multipart/form-data'], response: { 201: wikiUpload } } },
    async (req, reply) => {
      const file = await uploadedFile(req);
      const url = await saveUpload(app, file, { kinds: [...WIKI_UPLOAD_KINDS], maxBytes: WIKI_UPLOAD_MAX_BYTES, organizationId: userOf(req).organizationId });
      const stored = url.split('/').pop()!;
      const { size } = await stat(path.join(app.config.dataDir, 'uploads', stored));
      const ext = stored.split('.').pop()!;
      const mime = ext === 'pdf' ? 'application/pdf' : ext === 'jpg' ? 'image/jpeg' : `image/${ext}`;
      const name = (file.filename ?? '').split(/[\\/]/).pop()!.slice(0, 200) || stored;
      return reply.status(201).send({ url, name, kind: mime.startsWith('image/') ? 'image' : 'file', mime, size });
    },
  );
}

