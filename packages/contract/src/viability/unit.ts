import { z } from 'zod';
import { enumOf, listQuery, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { dateOrDateTime, latitude, longitude, money } from '../kit/validators';
import { ACTIVITY_PRIORITIES } from '../external-activity';
import { id, optionalText, queryId, ref, refCode } from '../warehouse';
import { viabilityUnitEntity } from './module';
import { VIABILITY_MEDIUMS } from './template';
import { VIABILITY_SERVICES } from './viability';

export const VIABILITY_VERDICT_LABELS = { viavel: 'Viável', viavel_com_custo: 'Viável com custo', inviavel: 'Inviável' } as const;
export const VIABILITY_VERDICTS = enumOf(VIABILITY_VERDICT_LABELS);
export type ViabilityVerdict = (typeof VIABILITY_VERDICTS)[number];

export const CLIENT_DECISION_LABELS = { aceita: 'Aceita pelo cliente', recusada: 'Recusada pelo cliente' } as const;
export const CLIENT_DECISIONS = enumOf(CLIENT_DECISION_LABELS);
export type ClientDecision = (typeof CLIENT_DECISIONS)[number];

/** One client address of a viability. Coordinates are required: the calculation measures from them. */
export const viabilityUnitInput = z.object({
  viability_id: id,
  /** "Matriz", "Filial Centro"… */
  name: z.string().trim().min(1, 'Informe um nome para a unidade').max(120, 'Nome longo demais'),
  address: z.string().trim().min(1, 'Informe o endereço').max(500, 'Endereço longo demais'),
  city_id: id.nullable().optional(),
  latitude: latitude,
  longitude: longitude,
  /** Empty: the organization's default template (settings › viabilidade). */
  template_id: id.nullable().optional(),
  notes: optionalText(2000),
  /** The plan sold at this address (its fees and term make the proposal). */
  plan_id: id.nullable().optional(),
  /** A monthly fee other than the plan's: needs a reason (checked with the stored values on the server). */
  custom_monthly_fee: money.refine((v) => !v.startsWith('-'), 'A mensalidade não pode ser negativa').nullable().optional(),
  custom_fee_reason: optionalText(500),
  /** Radio: the site survey confirmed the line of sight. */
  line_of_sight_confirmed: z.boolean().optional(),
  /** Third-party circuit: the carrier's quote. */
  carrier: optionalText(120),
  carrier_quote: optionalText(120),
  carrier_monthly_cost: money.refine((v) => !v.startsWith('-'), 'O custo mensal da operadora não pode ser negativo').nullable().optional(),
  carrier_installation_cost: money.refine((v) => !v.startsWith('-'), 'O custo de instalação da operadora não pode ser negativo').nullable().optional(),
});
/** A unit stays in its viability. */
export const viabilityUnitUpdate = updateOf(viabilityUnitInput.omit({ viability_id: true }));
export type ViabilityUnitInput = z.input<typeof viabilityUnitInput>;

/** A bill-of-materials line as it was priced (money as 2-decimal strings, quantity with up to 3 decimals). */
export const calculationLine = z.object({
  product_id: z.number(),
  code: z.string(),
  name: z.string(),
  unit_of_measure: z.string(),
  per_meter: z.boolean(),
  /** Per metre (or fixed) as in the template. */
  template_quantity: z.number(),
  quantity: z.string(),
  unit_price: z.string(),
  total: z.string(),
});
export type CalculationLine = z.infer<typeof calculationLine>;

/** Every figure of one calculation, kept with the unit (prices as they were). */
export const unitCalculation = z.object({
  version: z.number(),
  calculated_at: z.string(),
  calculated_by: ref.nullable(),
  site: z.object({ id: z.number(), code: z.string(), name: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  /** Fibre served from a box: the CTO, the port the proposal counts on ("porta livre 5 de 16"), its free ports then. */
  cto: z.object({ id: z.number(), code: z.string(), name: z.string(), port: z.number(), port_count: z.number(), free_ports: z.number(), splitter_ratio: z.string().nullable() }).nullable().optional(),
  /** Great-circle distance to the nearest active site, in metres. */
  distance_m: z.number().nullable(),
  route_factor: z.number(),
  /** distance × route factor, rounded to the metre: what gets built. */
  route_m: z.number().nullable(),
  max_distance_m: z.number(),
  price_per_meter: z.string(),
  margin_percent: z.number(),
  template: z.object({ id: z.number(), name: z.string(), medium: z.enum(VIABILITY_MEDIUMS) }),
  lines: z.array(calculationLine),
  materials_cost: z.string(),
  labour_cost: z.string(),
  /** Beyond the max distance (up to twice it): the extra metres × price per metre. */
  extra_cost: z.string(),
  total_cost: z.string(),
  /** total_cost × (1 + margin). */
  price: z.string(),
  monthly_cost: z.string(),
  monthly_price: z.string(),
  verdict: z.enum(VIABILITY_VERDICTS),
  reasons: z.array(z.string()),
  /*
   * What the client pays and what it returns (absent on calculations made before plans existed).
   * With a plan: its installation fee (plus the extra build, with the margin) and its monthly fee
   * (or the unit's custom fee); without one: the cost with the margin, as before.
   */
  /** The rule that decided the verdict, in pt-BR ("Rádio: 2,2 km da Torre CWB-02, dentro do alcance de 15 km"). */
  rule: z.string().optional(),
  plan: z.object({ id: z.number(), name: z.string(), bandwidth_mbps: z.number() }).nullable().optional(),
  custom_fee_reason: z.string().nullable().optional(),
  carrier: z.object({ name: z.string().nullable(), quote: z.string().nullable(), monthly_cost: z.string(), installation_cost: z.string() }).nullable().optional(),
  monthly_fee: z.string().optional(),
  installation_fee: z.string().optional(),
  contract_months: z.number().optional(),
  /** installation + monthly × months. */
  contract_total: z.string().optional(),
  /** monthly fee − monthly cost. */
  monthly_margin: z.string().optional(),
  /** Months of margin to pay back the build not covered by the installation fee; null: never. */
  payback_months: z.number().nullable().optional(),
  /** Set when the contract does not pay the build back within its term. */
  payback_warning: z.string().nullable().optional(),
  /** The proposal's last valid day (`AAAA-MM-DD`, São Paulo). */
  valid_until: z.string(),
});
export type UnitCalculation = z.infer<typeof unitCalculation>;

export const viabilityUnitRead = tenantRecord({
  viability_id: z.number(),
  viability: refCode.nullable(),
  name: z.string(),
  address: z.string(),
  city_id: z.number().nullable(),
  city: z.object({ id: z.number(), name: z.string(), state: z.string() }).nullable(),
  latitude: z.number(),
  longitude: z.number(),
  template_id: z.number(),
  template: ref.nullable(),
  notes: z.string().nullable(),
  plan_id: z.number().nullable(),
  plan: ref.nullable(),
  custom_monthly_fee: z.string().nullable(),
  custom_fee_reason: z.string().nullable(),
  line_of_sight_confirmed: z.boolean(),
  line_of_sight_confirmed_at: z.string().nullable(),
  carrier: z.string().nullable(),
  carrier_quote: z.string().nullable(),
  carrier_monthly_cost: z.string().nullable(),
  carrier_installation_cost: z.string().nullable(),
  verdict: z.enum(VIABILITY_VERDICTS),
  total_cost: z.string(),
  price: z.string(),
  calculation: unitCalculation,
  /** The public link's hash; null when revoked. */
  public_hash: z.string().nullable(),
  decision: z.object({ kind: z.enum(CLIENT_DECISIONS), name: z.string(), at: z.string(), comment: z.string().nullable() }).nullable(),
  activity: z.object({ id: z.number(), code: z.string(), status: z.string() }).nullable(),
  /** Set when the client's accept lost the CTO's last port: the proposal is being redone. */
  redo_reason: z.string().nullable(),
  /** The CTO port this unit holds (reserved when the client accepted). */
  reserved_port: z.object({ site_id: z.number(), code: z.string(), port: z.number() }).nullable(),
});
export type ViabilityUnitRead = z.infer<typeof viabilityUnitRead>;

export const viabilityUnitListQuery = listQuery.extend({ viability: queryId, verdict: z.enum(VIABILITY_VERDICTS).optional() });

export const viabilityUnitResource = defineResource({
  ...viabilityUnitEntity,
  apiPath: '/viability/unit',
  permission: 'VIABILITY',
  access: { read: { read: ['VIABILITY', 'VIABILITY_TEMPLATE_PRODUCT'] }, write: { write: 'VIABILITY' } },
  tenancy: 'organization',
  schemas: { read: viabilityUnitRead, create: viabilityUnitInput, update: viabilityUnitUpdate, query: viabilityUnitListQuery },
});

/** `GET /api/viability/unit/{id}/version`: the unit's calculations, newest first. */
export const unitVersions = z.array(unitCalculation);

/** `POST /api/viability/unit/{id}/approve`: the installation work order to open. */
export const unitApproveBody = z.object({
  assistance_type_id: id,
  technician_ids: z.array(id).min(1, 'Escolha ao menos um técnico').max(10, 'No máximo 10 técnicos'),
  priority: z.enum(ACTIVITY_PRIORITIES, { message: 'Prioridade inválida' }).default('media'),
  scheduled_start: dateOrDateTime.nullable().optional(),
  scheduled_end: dateOrDateTime.nullable().optional(),
});
export type UnitApproveBody = z.input<typeof unitApproveBody>;

/** The public link of a unit (`POST` makes a new one, revoking the old; `DELETE` revokes). */
export const unitLink = z.object({ public_hash: z.string().nullable() });

/** A public proposal hash: 32 random bytes, base64url (256 bits). */
export const proposalHash = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Link inválido');

/** `GET /api/viability/unit/viewer/{hash}`: what the client sees (never a cost or a margin). */
export const proposalView = z.object({
  organization: z.object({ name: z.string(), has_logo: z.boolean() }),
  /** The organization's map tiles (viability settings). */
  map_tile_url: z.string(),
  viability_code: z.string(),
  client_name: z.string(),
  unit_name: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  service_type: z.enum(VIABILITY_SERVICES),
  bandwidth_mbps: z.number(),
  /** `inviavel`: the page shows the "cannot" message, and no price is sent. */
  verdict: z.enum(VIABILITY_VERDICTS),
  price: z.string().nullable(),
  monthly_price: z.string().nullable(),
  /** What the contract charges (null when inviável). */
  plan_name: z.string().nullable(),
  monthly_fee: z.string().nullable(),
  installation_fee: z.string().nullable(),
  contract_months: z.number().nullable(),
  contract_total: z.string().nullable(),
  medium: z.enum(VIABILITY_MEDIUMS),
  /** Radio before the site survey: the proposal says "sujeito a visada". */
  subject_to_line_of_sight: z.boolean(),
  valid_until: z.string(),
  seller: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  decision: z.object({ kind: z.enum(CLIENT_DECISIONS), name: z.string(), at: z.string() }).nullable(),
  /** The accept found the box's last port taken: the proposal is being redone (no answer is taken until then). */
  redoing: z.boolean(),
  /** The seller cancelled the viability before the client answered: the proposal takes no answer. */
  cancelled: z.boolean(),
});
export type ProposalView = z.infer<typeof proposalView>;

/** The client's answer on the public page. */
export const proposalDecisionBody = z.object({
  name: z.string().trim().min(3, 'Informe seu nome completo').max(200, 'Nome longo demais'),
  comment: optionalText(1000),
});
export type ProposalDecisionBody = z.input<typeof proposalDecisionBody>;
