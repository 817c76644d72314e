/**
 * How the revision log reads: pt-BR entity, action and field names, and values shown as text
 * (pure functions, unit-tested). Field labels come from the contract (`revisionFieldLabel`, the
 * labels of every audited field); settings fields are "section.field".
 */
import {
  ENTITY_FIELD_LABELS,
  ENTITY_LABELS,
  ENTITY_LINKS,
  FIELD_LABELS,
  REVISION_ACTION_LABELS,
  revisionFieldLabel,
  revisionValueLabel,
  SETTINGS_SECTION_LABELS,
  type revisionRead,
  type SettingsSection,
} from '@operacoes/contract';
import type { z } from 'zod';
import { formatCnpj, formatCpfCnpj, formatDateTime, formatZip } from '../../core/format';
import { SETTINGS_FIELD_LABELS } from '../organization-settings';

export type RevisionAction = keyof typeof REVISION_ACTION_LABELS;
export type Revision = z.infer<typeof revisionRead>;

export const entityLabel = (entity: string) => ENTITY_LABELS[entity] ?? humanize(entity);
export const actionLabel = (action: string) => REVISION_ACTION_LABELS[action as RevisionAction] ?? action;

/** The edit page of a record, when there is one (deleted records and bulk rows have none). */
export function entityLink(entity: string, id: number, action?: string): string | null {
  if (action === 'delete' || !id) return null;
  if (entity === 'city' || entity === 'state' || entity === 'country') return null;
  return ENTITY_LINKS[entity]?.(id) ?? null;
}

export function humanize(name: string): string {
  const s = name.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "warehouse.patrimony_prefix" → "Almoxarifado › Prefixo do número de patrimônio". */
export function fieldLabel(field: string, entity?: string): string {
  const dot = field.indexOf('.');
  if (dot > 0) {
    const section = field.slice(0, dot);
    const rest = field.slice(dot + 1);
    const sectionLabel = SETTINGS_SECTION_LABELS[section as SettingsSection];
    if (sectionLabel) return `${sectionLabel} › ${SETTINGS_FIELD_LABELS[section as SettingsSection]?.[rest] ?? fieldLabel(rest)}`;
    return `${fieldLabel(section, entity)} › ${fieldLabel(rest, entity)}`;
  }
  return revisionFieldLabel(entity, field) ?? humanize(field);
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const EMPTY = '—';

/**
 * A changed value as text, driven by the field's path ("settings.theme") and entity: enum values by
 * their contract label (REVISION_VALUE_LABELS: "standart" → "Padrão", theme 1 → "Escuro"),
 * booleans Sim/Não, dates in Brasília time, documents formatted, lists, nested objects (each
 * key by its label and its own path), secrets hidden.
 */
export function formatValue(value: unknown, field = '', entity = ''): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  const leaf = field.split('.').pop() ?? field;
  if (typeof value === 'number') return revisionValueLabel(entity, field, value) ?? String(value).replace('.', ',');
  if (typeof value === 'string') {
    if (value === '***') return '•••• (oculto)';
    const label = revisionValueLabel(entity, field, value);
    if (label) return label;
    if (leaf === 'cnpj') return formatCnpj(value);
    if (leaf === 'cpf_cnpj' || leaf === 'document') return formatCpfCnpj(value);
    if (leaf === 'zip_code') return formatZip(value);
    // "01/12/2026 14:00": no comma inside a value, so "antes → depois" reads as two values.
    if (ISO_DATETIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value).replace(', ', ' ');
    // A calendar date has no time zone: shown as written, never shifted a day.
    const date = ISO_DATE.exec(value);
    if (date) return `${date[3]}/${date[2]}/${date[1]}`;
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '(nenhum)' : value.map((v) => formatValue(v, field, entity)).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '(vazio)';
    return entries.map(([k, v]) => `${fieldLabel(k)}: ${formatValue(v, field ? `${field}.${k}` : k, entity)}`).join('; ');
  }
  return String(value);
}

/** Fields never shown in a diff (internal). */
const SKIP = new Set(['id', 'search_text', 'updated_at', 'created_at', 'token_version', 'password_hash']);

export type DiffRow = { field: string; label: string; before: unknown; after: unknown };

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/** Display order: the entity's own label order, then the general labels' order, then the rest. */
function rank(field: string, entity: string): number {
  const own = Object.keys(ENTITY_FIELD_LABELS[entity] ?? {}).indexOf(field);
  if (own >= 0) return own;
  const general = Object.keys(FIELD_LABELS).indexOf(field);
  return general >= 0 ? 100 + general : 1000;
}

/**
 * The changes of a revision in display order. A creation or deletion lists only the fields that
 * had a value (an empty address on a new record says nothing).
 */
export function diffRows(rev: Pick<Revision, 'entity' | 'changes' | 'action'>): DiffRow[] {
  return Object.entries(rev.changes ?? {})
    .filter(([f]) => !SKIP.has(f))
    .map(([field, pair]) => {
      const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
      return { field, label: fieldLabel(field, rev.entity), before, after };
    })
    .filter((r) => (rev.action === 'create' ? !isEmpty(r.after) : rev.action === 'delete' ? !isEmpty(r.before) : true))
    .sort((a, b) => rank(a.field, rev.entity) - rank(b.field, rev.entity));
}

export type RefKind = 'city' | 'state' | 'country' | 'unit' | 'organization' | 'stock' | 'section' | 'product' | 'user';

/** Fields whose value is the id of another record (shown by name). */
export const REFERENCE_FIELDS: Record<string, RefKind> = {
  city_id: 'city',
  state_id: 'state',
  country_id: 'country',
  parent_id: 'unit',
  unit_organizational_id: 'unit',
  destination_unit_id: 'unit',
  organization_id: 'organization',
  stock_id: 'stock',
  section_id: 'section',
  product_id: 'product',
  holder_user_id: 'user',
  requester_id: 'user',
  decided_by: 'user',
  delivered_by: 'user',
  returned_by: 'user',
  cancelled_by: 'user',
  created_by: 'user',
  updated_by: 'user',
  approved_by: 'user',
  manager_id: 'user',
  assignee_id: 'user',
  seller_id: 'user',
  recipient_user_id: 'user',
  origin_stock_id: 'stock',
  destination_section_id: 'section',
  destination_city_id: 'city',
};
