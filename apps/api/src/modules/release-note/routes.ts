import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { listQuery, releaseNoteInput, releaseNoteRead, releaseNoteUpdate } from '@operacoes/contract';
import { cleanHtml } from '../../core/html';
import { searchText } from '../../core/list';
import { registerResource } from '../../core/resource';
import { releaseNotes } from './schema';

export async function releaseNoteRoutes(app: FastifyInstance) {
  registerResource(app, {
    entity: 'release_note',
    label: 'Nota de versão',
    gender: 'f',
    path: '/release-note',
    table: releaseNotes,
    access: { read: 'authenticated', write: 'superAdmin' },
    tenancy: 'global',
    // The web asks for every note at once (SPEC §9: pageSize 99999).
    maxPageSize: 99999,
    schemas: { read: releaseNoteRead, create: releaseNoteInput, update: releaseNoteUpdate, query: listQuery },
    defaultSort: [desc(releaseNotes.created_at), desc(releaseNotes.id)],
    sortable: { id: releaseNotes.id, version: releaseNotes.version, created_at: releaseNotes.created_at },
    searchOf: (r) => searchText(r.version as string, r.title as string),
    toValues: async (input: { content?: string }) => (input.content !== undefined ? { ...input, content: cleanHtml(input.content) } : { ...input }),
  });
}
