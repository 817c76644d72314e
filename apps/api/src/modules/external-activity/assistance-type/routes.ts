/**
 * Assistance types: the kinds of field visit, with their colour, duration, SLA and the
 * ordered checklist the technician answers. A checklist item keeps its `key` across edits (answers
 * point at it); a new item gets one here.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { type AssistanceTypeRead, type ChecklistItem, type ChecklistItemInput, assistanceTypeResource } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { unprocessable } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { plainPresent } from '../../../core/resource';
import { defineApiResource } from '../../../core/resource-kit';
import { getOrganizationSettings } from '../../organization-settings';
import { externalActivities } from '../schema';
import { assistanceTypes } from '../schema';

type TypeRow = typeof assistanceTypes.$inferSelect;

const newKey = () => `i-${randomBytes(4).toString('hex')}`;

/** The items with their keys: kept when given, new ones for new items; 422 on a repeated key. */
export function keyedChecklist(items: ChecklistItemInput[]): ChecklistItem[] {
  const seen = new Set<string>();
  const problems: { propertyPath: string; message: string }[] = [];
  const out = items.map((item, i) => {
    const key = item.key || newKey();
    if (seen.has(key)) problems.push({ propertyPath: `checklist.${i}.key`, message: 'Item repetido na lista' });
    seen.add(key);
    return { key, label: item.label, kind: item.kind, required: item.required ?? false };
  });
  if (problems.length) throw unprocessable(problems);
  return out;
}

/** Each organization's external-activity settings, read once per call. */
export function settingsReader(db: DbOrTx) {
  const cache = new Map<number, Promise<Awaited<ReturnType<typeof getOrganizationSettings<'external-activity'>>>>>();
  return (organizationId: number) => {
    let s = cache.get(organizationId);
    if (!s) cache.set(organizationId, (s = getOrganizationSettings(db, organizationId, 'external-activity')));
    return s;
  };
}

async function presentTypes(rows: TypeRow[], db: DbOrTx): Promise<AssistanceTypeRead[]> {
  const settings = settingsReader(db);
  const out: AssistanceTypeRead[] = [];
  for (const [i, r] of (plainPresent(rows as never) as Record<string, unknown>[]).entries()) {
    const row = rows[i];
    const s = await settings(row.organization_id);
    out.push({ ...r, effective_duration_minutes: row.default_duration_minutes ?? s.default_duration_minutes, effective_sla_hours: row.sla_hours ?? s.sla_hours } as AssistanceTypeRead);
  }
  return out;
}

/** `/api/external-activity/assistance-type`. */
export async function assistanceTypeRoutes(app: FastifyInstance) {
  defineApiResource(app, assistanceTypeResource, {
    table: assistanceTypes,
    defaultSort: [asc(assistanceTypes.name), asc(assistanceTypes.id)],
    filters: (q) => [q.active !== undefined ? eq(assistanceTypes.active, q.active) : undefined],
    searchOf: (r) => searchText(r.name as string),
    unique: { name: 'o nome' },
    guardDelete: [[externalActivities, externalActivities.assistance_type_id, 'atividade externa', 'atividades externas']],
    present: (rows, db) => presentTypes(rows as TypeRow[], db),
    toValues(values) {
      if (values.checklist) values.checklist = keyedChecklist(values.checklist as ChecklistItemInput[]);
      return values;
    },
  });
}
