import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { userOf } from '../../core/access';
import { HttpError } from '../../core/errors';
import { filesCookie } from '../../core/tokens';
import { storedFiles } from './schema';
import { MIME_BY_EXT } from './store';

const notFound = () => new HttpError(404, 'Arquivo não encontrado.');

/**
 * Uploaded files are served to logged-in members of the file's organization only. An `<img>`
 * sends no Authorization header, so the browser carries the file session cookie that login sets
 * (HttpOnly, Path=/api/files); API clients send their Bearer token as anywhere else. What must be
 * seen without login (a public proposal's logo) has its own capability link.
 */
export async function fileRoutes(app: FastifyInstance) {
  app.get(
    '/files/:name',
    {
      config: { access: 'authenticated', filesCookie: true },
      schema: {
        tags: ['files'],
        summary: 'Arquivo enviado (foto, logotipo, documento)',
        description: 'Somente para usuários da organização do arquivo. O navegador usa o cookie de sessão de arquivos definido no login; clientes da API usam o Bearer.',
        params: z.object({ name: z.string().regex(/^[a-f0-9]{32}\.[a-z]{3,4}$/) }),
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const { name } = req.params as { name: string };
      const [owner] = await app.db.select({ organization_id: storedFiles.organization_id }).from(storedFiles).where(eq(storedFiles.name, name));
      // Another organization's file answers as a missing one: its existence is not told.
      if (owner?.organization_id != null && owner.organization_id !== user.organizationId && !user.superAdmin) throw notFound();
      const file = path.join(app.config.dataDir, 'uploads', name);
      if (!existsSync(file)) throw notFound();
      return reply
        .header('content-type', MIME_BY_EXT[name.split('.').pop()!] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );

  // A session from before the cookie existed (or whose cookie the browser dropped) gets it anew.
  app.post(
    '/files/session',
    { config: { access: 'authenticated' }, schema: { tags: ['files'], summary: 'Renovar o cookie de sessão de arquivos', description: 'Define o cookie HttpOnly com que o navegador carrega os arquivos da organização.' } },
    async (req, reply) => {
      const user = userOf(req);
      const token = await app.tokens.files(user.id, user.tokenVersion, user.organizationId);
      return reply.code(204).header('set-cookie', filesCookie(token, req.protocol === 'https')).send();
    },
  );
}
