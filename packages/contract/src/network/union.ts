import { z } from 'zod';
import { enumOf, listQuery, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { code, id, name, optionalText } from '../warehouse';
import { unionEntity } from './module';
import { siteRef } from './site';

/** Unions: an aggregation or redundancy group of LMCs and operator circuits joining the same two sites. */
export const UNION_MODE_LABELS = { '802.3ad': '802.3ad (LACP)', 'active-backup': 'Ativo/reserva', 'balance-rr': 'Balanceamento round-robin', 'balance-xor': 'Balanceamento XOR' } as const;
export const UNION_MODES = enumOf(UNION_MODE_LABELS);
export type UnionMode = (typeof UNION_MODES)[number];
/** Modes whose capacity is the sum of the members' up (active-backup: the active member's). */
export const AGGREGATING_MODES: readonly UnionMode[] = ['802.3ad', 'balance-rr', 'balance-xor'];

/** A member: exactly one of an LMC or an operator circuit. */
export const unionMemberInput = z
  .object({ lmc_id: id.nullable().optional(), circuit_id: id.nullable().optional() })
  .refine((m) => Boolean(m.lmc_id) !== Boolean(m.circuit_id), 'Cada membro é uma LMC ou um circuito de operadora');

export const unionInput = z.object({
  code: code('da união'),
  name,
  mode: z.enum(UNION_MODES, { message: 'Modo inválido' }),
  members: z
    .array(unionMemberInput)
    .min(2, 'Uma união precisa de pelo menos dois membros')
    .max(32, 'No máximo 32 membros')
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((m, i) => {
        const key = m.lmc_id ? `l${m.lmc_id}` : `c${m.circuit_id}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'Membro repetido', path: [i] });
        seen.add(key);
      });
    }),
  notes: optionalText(4000),
});
export const unionUpdate = updateOf(unionInput);
export type UnionInput = z.input<typeof unionInput>;

export const unionMemberRead = z.object({
  kind: z.enum(['lmc', 'circuit']),
  lmc_id: z.number().nullable(),
  circuit_id: z.number().nullable(),
  /** The LMC's code or the circuit's carrier and designation. */
  label: z.string(),
  /** What the member carries: an LMC's narrowest segment (its declared capacity while it has none), a circuit's bandwidth. */
  capacity_mbps: z.number(),
  /** The capacity written on the LMC or circuit. */
  declared_capacity_mbps: z.number(),
  down: z.boolean(),
  /** Carrying traffic now: the first member up in active-backup, every member up when aggregating. */
  active: z.boolean(),
});
export type UnionMemberRead = z.infer<typeof unionMemberRead>;

export const unionRead = tenantRecord({
  code: z.string(),
  name: z.string(),
  mode: z.enum(UNION_MODES),
  notes: z.string().nullable(),
  members: z.array(unionMemberRead),
  /** The two sites its members join. */
  site_a: siteRef.nullable(),
  site_b: siteRef.nullable(),
  /** The active path's bottleneck: the active members' capacities summed when aggregating, the active member's in active-backup; 0 when all are down. */
  capacity_mbps: z.number(),
  /** A member is down. */
  degraded: z.boolean(),
});
export type UnionRead = z.infer<typeof unionRead>;

export const unionListQuery = listQuery.extend({ mode: z.enum(UNION_MODES).optional() });

export const unionResource = defineResource({
  ...unionEntity,
  apiPath: '/union',
  permission: 'UNION',
  tenancy: 'organization',
  schemas: { read: unionRead, create: unionInput, update: unionUpdate, query: unionListQuery },
});
