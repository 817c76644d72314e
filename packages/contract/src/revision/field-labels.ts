/**
 * The pt-BR name of every field the revision log shows (the API's audited tables and the keys its
 * audit calls write). A field whose name means something else in one entity is labelled there;
 * the rest share FIELD_LABELS. Settings sections ("warehouse.patrimony_prefix") are named by the
 * organization-settings module.
 */
import { ORGANIZATION_LABELS } from '../organization/organization';
import { USER_LABELS } from '../user/user';
import { FIELD_LABELS } from './revision';

/** Labels that hold in one entity only (entity → field → label). */
export const ENTITY_FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  organization: { ...ORGANIZATION_LABELS, is_platform: 'Organização da plataforma' },
  wiki_page: { path: 'Endereço', body: 'Conteúdo', body_text: 'Texto', created_by: 'Criada por', updated_by: 'Alterada por' },
  schedule_event: { clash_note: 'Mantido apesar de conflito de agenda' },
  notification: { user_id: 'Destinatário', created_by: 'Enviada por' },
  lmx: { position: 'Posição no LMC' },
};

/** The label of `field` in `entity`, or undefined when none is declared. */
export function revisionFieldLabel(entity: string | undefined, field: string): string | undefined {
  return (entity ? ENTITY_FIELD_LABELS[entity]?.[field] : undefined) ?? FIELD_LABELS[field] ?? USER_LABELS[field];
}
