import { z } from 'zod';
import { enumOf, listQuery, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { pointToPointEnds } from '../kit/ip';
import { vlanId } from '../kit/validators';
import { code, id, name, optionalText, queryId, refCode } from '../warehouse';
import { lmcEntity, lmxEntity } from './module';
import { siteRef } from './site';
import { SVC_STATUSES } from './svc';

/** LMC: a logical link end to end between two sites, made of ordered LMX segments, carrying SVCs. */
export const LMC_STATUS_LABELS = { planejado: 'Planejado', ativo: 'Ativo', desativado: 'Desativado' } as const;
export const LMC_STATUSES = enumOf(LMC_STATUS_LABELS);
export type LmcStatus = (typeof LMC_STATUSES)[number];

export const LMX_MEDIUM_LABELS = { fibra_propria: 'Fibra própria', radio: 'Rádio', circuito_operadora: 'Circuito de operadora' } as const;
export const LMX_MEDIA = enumOf(LMX_MEDIUM_LABELS);
export type LmxMedium = (typeof LMX_MEDIA)[number];

const capacity = z.number({ message: 'Informe a capacidade em Mbps' }).int('Capacidade em Mbps inteiros').positive('A capacidade deve ser maior que zero').max(10_000_000, 'Capacidade grande demais');

export const lmcInput = z.object({
  code: code('da LMC'),
  name,
  site_a_id: id,
  site_b_id: id,
  capacity_mbps: capacity,
  status: z.enum(LMC_STATUSES, { message: 'Situação inválida' }).default('planejado'),
  notes: optionalText(4000),
});
export const LMC_SAME_SITES = 'A ponta B deve ser outro site';
export const lmcCreate = lmcInput.refine((v) => v.site_a_id !== v.site_b_id, { message: LMC_SAME_SITES, path: ['site_b_id'] });
export const lmcUpdate = updateOf(lmcInput);
export type LmcInput = z.input<typeof lmcInput>;

const assetRef = z.object({ id: z.number(), hostname: z.string(), site_id: z.number().nullable() });
const interfaceRef = z.object({ id: z.number(), name: z.string() });
const circuitRef = z.object({ id: z.number(), carrier: z.string(), designation: z.string(), down: z.boolean() });

/** A segment as the LMC's page and the topology show it. */
export const lmxRead = tenantRecord({
  lmc_id: z.number(),
  lmc: refCode,
  position: z.number(),
  from_asset_id: z.number(),
  from_asset: assetRef,
  from_interface_id: z.number(),
  from_interface: interfaceRef,
  to_asset_id: z.number(),
  to_asset: assetRef,
  to_interface_id: z.number(),
  to_interface: interfaceRef,
  medium: z.enum(LMX_MEDIA),
  circuit_id: z.number().nullable(),
  circuit: circuitRef.nullable(),
  vlan_id: z.number().nullable(),
  capacity_mbps: z.number(),
  subnet: z.string().nullable(),
  /** The point-to-point addresses of the subnet: the from side takes the first usable, the to side the next. */
  from_address: z.string().nullable(),
  to_address: z.string().nullable(),
  notes: z.string().nullable(),
});
export type LmxRead = z.infer<typeof lmxRead>;

export const lmcSvc = z.object({ id: z.number(), code: z.string(), client_name: z.string(), bandwidth_mbps: z.number(), status: z.enum(SVC_STATUSES) });

export const lmcRead = tenantRecord({
  code: z.string(),
  name: z.string(),
  site_a_id: z.number(),
  site_a: siteRef.nullable(),
  site_b_id: z.number(),
  site_b: siteRef.nullable(),
  capacity_mbps: z.number(),
  status: z.enum(LMC_STATUSES),
  notes: z.string().nullable(),
  /** The segments in order. */
  segments: z.array(lmxRead),
  /** The SVCs it carries. */
  svcs: z.array(lmcSvc),
  /** The unions it belongs to. */
  unions: z.array(refCode),
  /** The smallest segment capacity (null without segments) and the sum of its non-cancelled SVCs' bandwidth. */
  bottleneck_mbps: z.number().nullable(),
  svc_bandwidth_mbps: z.number(),
  /** One of its segments runs over an operator circuit that is down now. */
  down: z.boolean(),
  /** pt-BR warnings (e.g. the SVCs' bandwidth exceeds the smallest segment). */
  warnings: z.array(z.string()),
});
export type LmcRead = z.infer<typeof lmcRead>;

export const lmcListQuery = listQuery.extend({
  status: z.enum(LMC_STATUSES).optional(),
  site: queryId,
});
export type LmcListQuery = z.infer<typeof lmcListQuery>;

export const lmcResource = defineResource({
  ...lmcEntity,
  apiPath: '/lmc',
  permission: 'LMC',
  tenancy: 'organization',
  schemas: { read: lmcRead, create: lmcCreate, update: lmcUpdate, query: lmcListQuery },
});

/** A point-to-point subnet: IPv4 /30 or /31, or IPv6 /127, at the start of its network. */
export const p2pSubnet = z
  .string()
  .trim()
  .refine((v) => pointToPointEnds(v) !== null, 'Sub-rede ponto a ponto inválida: use IPv4 /30 ou /31 ou IPv6 /127, no início da rede (ex.: 10.255.0.0/30)');

export const lmxInput = z.object({
  lmc_id: id,
  /** 1-based; when omitted the segment goes at the end. */
  position: z.number().int().min(1, 'Posição a partir de 1').max(10_000).nullable().optional(),
  from_asset_id: id,
  from_interface_id: id,
  to_asset_id: id,
  to_interface_id: id,
  medium: z.enum(LMX_MEDIA, { message: 'Meio inválido' }),
  circuit_id: id.nullable().optional(),
  vlan_id: vlanId.nullable().optional(),
  capacity_mbps: capacity,
  subnet: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), p2pSubnet.nullable().optional()),
  notes: optionalText(4000),
});
export const CIRCUIT_REQUIRED = 'Informe o circuito de operadora';
export const CIRCUIT_ONLY_FOR_OPERATOR = 'Circuito só se aplica ao meio "Circuito de operadora"';
/** The circuit is required exactly when the medium is an operator circuit. */
export function circuitMatchesMedium(v: { medium?: string; circuit_id?: number | null }, ctx: z.RefinementCtx) {
  if (v.medium === undefined) return;
  if (v.medium === 'circuito_operadora' && !v.circuit_id) ctx.addIssue({ code: 'custom', message: CIRCUIT_REQUIRED, path: ['circuit_id'] });
  if (v.medium !== 'circuito_operadora' && v.circuit_id) ctx.addIssue({ code: 'custom', message: CIRCUIT_ONLY_FOR_OPERATOR, path: ['circuit_id'] });
}
export const lmxCreate = lmxInput.superRefine(circuitMatchesMedium);
/** A PUT keeps what it does not carry (its LMC cannot change); the API checks medium and circuit against the stored row. */
export const lmxUpdate = updateOf(lmxInput.omit({ lmc_id: true }));
export type LmxInput = z.input<typeof lmxInput>;

export const lmxListQuery = listQuery.extend({ lmc: queryId });

export const lmxResource = defineResource({
  ...lmxEntity,
  apiPath: '/lmx',
  permission: 'LMC',
  tenancy: 'organization',
  schemas: { read: lmxRead, create: lmxCreate, update: lmxUpdate, query: lmxListQuery },
});

/** `POST /api/lmc/{id}/reorder`: the LMC's segment ids in their new order (all of them). */
export const lmcReorder = z.object({ segment_ids: z.array(id).min(1).max(10_000) });

// ————— Topology (`GET /api/lmc/{id}/topology`) —————

export const topologySite = z.object({ id: z.number(), code: z.string(), name: z.string() });
export const topologyAsset = z.object({ id: z.number(), hostname: z.string(), role: z.string(), vendor: z.string(), site_id: z.number().nullable() });
export const topologyEdge = z.object({
  /** `lmx:<id>` for a segment, `circuit:<id>` for a union member circuit drawn site to site. */
  key: z.string(),
  kind: z.enum(['segment', 'circuit']),
  id: z.number(),
  /** The LMC the segment belongs to (the main one or a union sibling); null for a circuit member. */
  lmc_id: z.number().nullable(),
  position: z.number().nullable(),
  from_asset_id: z.number().nullable(),
  to_asset_id: z.number().nullable(),
  /** For circuit members: their sites. */
  from_site_id: z.number().nullable(),
  to_site_id: z.number().nullable(),
  from_interface: z.string().nullable(),
  to_interface: z.string().nullable(),
  medium: z.enum(LMX_MEDIA),
  vlan_id: z.number().nullable(),
  capacity_mbps: z.number(),
  circuit: circuitRef.nullable(),
});
export type TopologyEdge = z.infer<typeof topologyEdge>;
export const lmcTopology = z.object({
  lmc: refCode.extend({ site_a_id: z.number(), site_b_id: z.number() }),
  /** Union siblings drawn beside it. */
  siblings: z.array(refCode),
  unions: z.array(refCode.extend({ mode: z.string() })),
  sites: z.array(topologySite),
  assets: z.array(topologyAsset),
  edges: z.array(topologyEdge),
});
export type LmcTopology = z.infer<typeof lmcTopology>;

/**
 * `GET /api/site/{id}/lmc`: what of the paths uses a site — the LMCs ending there or with a
 * segment on one of its assets, and those segments. Read with LMC (or LMC.INDEX).
 */
export const sitePaths = z.object({
  lmcs: z.array(refCode.extend({ status: z.enum(LMC_STATUSES), site_a_id: z.number(), site_b_id: z.number() })),
  segments: z.array(
    z.object({
      id: z.number(),
      lmc: refCode,
      position: z.number(),
      medium: z.enum(LMX_MEDIA),
      from_asset: z.object({ id: z.number(), hostname: z.string(), site_id: z.number().nullable() }),
      to_asset: z.object({ id: z.number(), hostname: z.string(), site_id: z.number().nullable() }),
      capacity_mbps: z.number(),
    }),
  ),
});
export type SitePaths = z.infer<typeof sitePaths>;
