import { z } from 'zod';
import { listQuery } from './common';

export const REVISION_ACTIONS = ['create', 'update', 'delete'] as const;
export const REVISION_ACTION_LABELS: Record<(typeof REVISION_ACTIONS)[number], string> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
};

/** pt-BR names of audited entities. */
export const ENTITY_LABELS: Record<string, string> = {
  user: 'Usuário',
  release_note: 'Nota de versão',
  organization: 'Organização',
  unit_organizational: 'Unidade organizacional',
  notification: 'Notificação',
  organization_settings: 'Configurações da organização',
  country: 'País',
  state: 'Estado',
  city: 'Cidade',
  data_source: 'Fonte de dados',
};

/** Where a record of each entity is edited, for links from the revision log. */
export const ENTITY_LINKS: Record<string, (id: number) => string> = {
  user: (id) => `/user/edit/${id}`,
  organization: (id) => `/organization/edit/${id}`,
  unit_organizational: (id) => `/unit-organizational/edit/${id}`,
  organization_settings: () => `/organization-settings`,
  data_source: (id) => `/organization-settings/data-source/edit/${id}`,
  release_note: () => `/release-notes`,
};

export const revisionListQuery = listQuery.extend({
  entity: z.string().max(60).optional(),
  entityId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  action: z.enum(REVISION_ACTIONS).optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

export const revisionRead = z.object({
  id: z.number(),
  entity: z.string(),
  entity_id: z.number(),
  action: z.enum(REVISION_ACTIONS),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  user: z.object({ id: z.number(), username: z.string() }).nullable(),
  created_at: z.string(),
});
