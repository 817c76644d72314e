import { z } from 'zod';
import { enumOf, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { whenValid } from '../kit/cross-field';
import { defineResource } from '../kit/define';
import { id, optionalText, queryId } from '../warehouse';
import { unavailabilityEntity } from './module';

/** Who caused an unavailability period. */
export const RESPONSIBILITY_LABELS = { operadora: 'Operadora', propria: 'Própria', cliente: 'Cliente', forca_maior: 'Força maior' } as const;
export const RESPONSIBILITIES = enumOf(RESPONSIBILITY_LABELS);
export type Responsibility = (typeof RESPONSIBILITIES)[number];

/** Clock skew tolerated between a browser and the server before a moment counts as "in the future". */
const SKEW_MS = 60_000;
/** A moment that already happened (ISO 8601 with offset): a period is recorded, never planned. */
const instant = (what: string) =>
  z.iso
    .datetime({ offset: true, message: 'Data e hora inválidas (ISO 8601 com fuso)' })
    .refine((v) => Date.parse(v) <= Date.now() + SKEW_MS, `${what} não pode estar no futuro`);

export const unavailabilityFields = z.object({
  started_at: instant('O início'),
  /** null: still ongoing. */
  ended_at: instant('O fim').nullable().optional(),
  cause: z.string().trim().min(1, 'Informe a causa').max(500, 'Causa longa demais'),
  responsibility: z.enum(RESPONSIBILITIES, { message: 'Responsabilidade inválida' }),
  protocol: optionalText(100),
  /** Default: true when the carrier is responsible. */
  counts_for_sla: z.boolean().optional(),
  notes: optionalText(4000),
});
/** An end before its start is refused on `ended_at` (a body carrying both; the API checks an update against the row too). */
export const endAfterStart = (v: { started_at?: string; ended_at?: string | null }, ctx: z.RefinementCtx) => {
  if (v.started_at && v.ended_at && Date.parse(v.ended_at) < Date.parse(v.started_at)) ctx.addIssue({ code: 'custom', message: 'O fim deve ser depois do início', path: ['ended_at'] });
};
/** `POST /api/circuit/{id}/unavailability` (the circuit is in the path). */
export const unavailabilityNested = unavailabilityFields.superRefine(endAfterStart, whenValid('started_at', 'ended_at'));
export const unavailabilityInput = unavailabilityFields.extend({ circuit_id: id });
export const unavailabilityCreate = unavailabilityInput.superRefine(endAfterStart, whenValid('started_at', 'ended_at'));
export const unavailabilityUpdate = updateOf(unavailabilityFields).superRefine(endAfterStart, whenValid('started_at', 'ended_at'));
export type UnavailabilityInput = z.input<typeof unavailabilityFields>;

export const unavailabilityRead = tenantRecord({
  circuit_id: z.number(),
  circuit: z.object({ id: z.number(), carrier: z.string(), designation: z.string() }).nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  cause: z.string(),
  responsibility: z.enum(RESPONSIBILITIES),
  protocol: z.string().nullable(),
  counts_for_sla: z.boolean(),
  notes: z.string().nullable(),
  ongoing: z.boolean(),
  duration_minutes: z.number().nullable(),
});
export type UnavailabilityRead = z.infer<typeof unavailabilityRead>;
export const unavailabilityListQuery = listQuery.extend({ circuit: queryId, ongoing: queryBoolean.optional() });

/**
 * Unavailability periods. The kit serves `/api/circuit/unavailability[/{id}]`; the circuit's own
 * list and create are `GET/POST /api/circuit/{id}/unavailability` (SPEC §2's pages).
 */
export const unavailabilityResource = defineResource({
  ...unavailabilityEntity,
  apiPath: '/circuit/unavailability',
  permission: 'OPERATOR_CIRCUIT',
  tenancy: 'organization',
  schemas: { read: unavailabilityRead, create: unavailabilityCreate, update: unavailabilityUpdate, query: unavailabilityListQuery },
});
