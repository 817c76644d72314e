import { z } from 'zod';
import { blankAsNull, enumOf, listQuery, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { cidrContains, normalizeCidr, parseCidr, parseIp } from '../kit/ip';
import { cpfOrCnpj, dateOnly, ipAddress, vlanId } from '../kit/validators';
import { code, id, optionalText, queryId, refCode } from '../warehouse';
import { svcEntity } from './module';

/** SVC: a customer service — client, type, bandwidth, VLAN, IP block, the LMC that carries it. */
export const SVC_TYPE_LABELS = { internet_dedicada: 'Internet dedicada', l2l: 'L2L', transporte: 'Transporte', ip_transito: 'IP trânsito', voz: 'Voz', outro: 'Outro' } as const;
export const SVC_TYPES = enumOf(SVC_TYPE_LABELS);
export type SvcType = (typeof SVC_TYPES)[number];

export const SVC_STATUS_LABELS = { em_ativacao: 'Em ativação', ativo: 'Ativo', suspenso: 'Suspenso', cancelado: 'Cancelado' } as const;
export const SVC_STATUSES = enumOf(SVC_STATUS_LABELS);
export type SvcStatus = (typeof SVC_STATUSES)[number];

/** An IP block in its normal form: `10.0.0.5/30` is refused suggesting `10.0.0.4/30`; IPv6 is written canonically. */
export const ipBlock = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const n = normalizeCidr(v);
    if (!n.ok) {
      ctx.addIssue({ code: 'custom', message: n.message });
      return z.NEVER;
    }
    return n.cidr;
  });


export const svcInput = z.object({
  code: code('do SVC'),
  client_name: z.string().trim().min(1, 'Informe o nome do cliente').max(200, 'Nome longo demais'),
  client_document: cpfOrCnpj,
  type: z.enum(SVC_TYPES, { message: 'Tipo de serviço inválido' }),
  bandwidth_mbps: z.number({ message: 'Informe a banda em Mbps' }).int('Banda em Mbps inteiros').positive('A banda deve ser maior que zero').max(10_000_000, 'Banda grande demais'),
  vlan_id: vlanId.nullable().optional(),
  ip_block: blankAsNull(ipBlock),
  gateway: blankAsNull(ipAddress),
  lmc_id: id.nullable().optional(),
  /**
   * The customer-end router's interface facing the customer (an interface of an asset on the LMC's
   * path): the MikroTik script puts the SVC's VLAN and gateway there and routes the block to it.
   */
  delivery_interface_id: id.nullable().optional(),
  status: z.enum(SVC_STATUSES, { message: 'Situação inválida' }).default('em_ativacao'),
  contract: optionalText(100),
  activated_on: dateOnly.nullable().optional(),
  notes: optionalText(4000),
});

export const GATEWAY_NEEDS_BLOCK = 'Informe o bloco IP para indicar o gateway';
export const DELIVERY_NEEDS_LMC = 'Informe a LMC para indicar a interface de entrega';
/** Why a gateway does not fit its block (outside it, or no block), or null when it fits. */
export function gatewayProblem(v: { ip_block?: string | null; gateway?: string | null }): string | null {
  if (!v.gateway) return null;
  if (!v.ip_block) return GATEWAY_NEEDS_BLOCK;
  const block = parseCidr(v.ip_block);
  const gw = parseIp(v.gateway);
  if (!block || !gw) return null;
  return cidrContains(block, gw) ? null : `O gateway ${v.gateway} está fora do bloco ${v.ip_block}`;
}
export function gatewayInBlock(v: { ip_block?: string | null; gateway?: string | null; delivery_interface_id?: number | null; lmc_id?: number | null }, ctx: z.RefinementCtx) {
  const problem = gatewayProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['gateway'] });
  if (v.delivery_interface_id && !v.lmc_id) ctx.addIssue({ code: 'custom', message: DELIVERY_NEEDS_LMC, path: ['delivery_interface_id'] });
}
/** The create body (and the web form): the fields plus the gateway-in-block rule. */
export const svcCreate = svcInput.superRefine(gatewayInBlock);
/** A PUT keeps what it does not carry; the API checks the gateway against the stored block. */
export const svcUpdate = updateOf(svcInput);
export type SvcInput = z.input<typeof svcInput>;

export const svcRead = tenantRecord({
  code: z.string(),
  client_name: z.string(),
  client_document: z.string(),
  type: z.enum(SVC_TYPES),
  bandwidth_mbps: z.number(),
  vlan_id: z.number().nullable(),
  ip_block: z.string().nullable(),
  gateway: z.string().nullable(),
  lmc_id: z.number().nullable(),
  lmc: refCode.nullable(),
  delivery_interface_id: z.number().nullable(),
  /** The delivery interface with its asset. */
  delivery_interface: z.object({ id: z.number(), name: z.string(), asset_id: z.number(), hostname: z.string() }).nullable(),
  status: z.enum(SVC_STATUSES),
  contract: z.string().nullable(),
  activated_on: z.string().nullable(),
  notes: z.string().nullable(),
});
export type SvcRead = z.infer<typeof svcRead>;

export const svcListQuery = listQuery.extend({
  status: z.enum(SVC_STATUSES).optional(),
  type: z.enum(SVC_TYPES).optional(),
  lmc: queryId,
  /** "Contains this address": the SVCs whose block holds it. */
  ip: ipAddress.optional(),
});
export type SvcListQuery = z.infer<typeof svcListQuery>;

export const svcResource = defineResource({
  ...svcEntity,
  apiPath: '/svc',
  permission: 'SVC',
  tenancy: 'organization',
  schemas: { read: svcRead, create: svcCreate, update: svcUpdate, query: svcListQuery },
});
