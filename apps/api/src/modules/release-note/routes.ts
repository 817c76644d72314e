import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { releaseNoteResource } from '@operacoes/contract';
import { cleanHtml } from '../../core/html';
import { searchText } from '../../core/list';
import { defineApiResource } from '../../core/resource-kit';
import { releaseNotes } from './schema';

export async function releaseNoteRoutes(app: FastifyInstance) {
  defineApiResource(app, releaseNoteResource, {
    table: releaseNotes,
    // The web asks for every note at once (SPEC §9: pageSize 99999).
    maxPageSize: 99999,
    defaultSort: [desc(releaseNotes.created_at), desc(releaseNotes.id)],
    sortable: { id: releaseNotes.id, version: releaseNotes.version, created_at: releaseNotes.created_at },
    searchOf: (r) => searchText(r.version as string, r.title as string),
    toValues: (values) => (typeof values.content === 'string' ? { ...values, content: cleanHtml(values.content) } : values),
  });
}
