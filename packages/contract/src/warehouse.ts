import { z } from 'zod';
import { listQuery, queryBoolean, updateOf } from './common';
import { dateOnly, dateOrDateTime, money } from './validators';

/**
 * Warehouse (almoxarifado), DESIGN §4: stock → section, product, patrimony, consumable
 * balances, movements, patrimony solicitations (out-requests) and my patrimony.
 */

export const WAREHOUSE_PERMISSIONS = ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'] as const;

// ---------------------------------------------------------------------------------------------
// Enums and their pt-BR labels

export const PATRIMONY_STATUSES = ['disponivel', 'reservado', 'em_uso', 'em_transito', 'manutencao', 'baixado'] as const;
export type PatrimonyStatus = (typeof PATRIMONY_STATUSES)[number];
export const PATRIMONY_STATUS_LABELS: Record<PatrimonyStatus, string> = {
  disponivel: 'Disponível',
  reservado: 'Reservado',
  em_uso: 'Em uso',
  em_transito: 'Em trânsito',
  manutencao: 'Em manutenção',
  baixado: 'Baixado',
};
/** Statuses a person may set by editing an item; the others belong to workflows (requests, shipments). */
export const EDITABLE_PATRIMONY_STATUSES = ['disponivel', 'em_uso', 'manutencao', 'baixado'] as const;

export const PATRIMONY_CONDITIONS = ['novo', 'bom', 'regular', 'danificado', 'inservivel'] as const;
export type PatrimonyCondition = (typeof PATRIMONY_CONDITIONS)[number];
export const PATRIMONY_CONDITION_LABELS: Record<PatrimonyCondition, string> = {
  novo: 'Novo',
  bom: 'Bom',
  regular: 'Regular',
  danificado: 'Danificado',
  inservivel: 'Inservível',
};

export const PRODUCT_TRACKINGS = ['patrimonio', 'consumivel'] as const;
export type ProductTracking = (typeof PRODUCT_TRACKINGS)[number];
export const PRODUCT_TRACKING_LABELS: Record<ProductTracking, string> = {
  patrimonio: 'Patrimônio (controle individual)',
  consumivel: 'Consumível (controle por quantidade)',
};

export const UNITS_OF_MEASURE = ['un', 'pc', 'm', 'km', 'kg', 'l', 'cx', 'rolo', 'par', 'kit'] as const;
export type UnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];
export const UNIT_OF_MEASURE_LABELS: Record<UnitOfMeasure, string> = {
  un: 'Unidade',
  pc: 'Peça',
  m: 'Metro',
  km: 'Quilômetro',
  kg: 'Quilograma',
  l: 'Litro',
  cx: 'Caixa',
  rolo: 'Rolo',
  par: 'Par',
  kit: 'Kit',
};

/**
 * Movement types. DESIGN §4 names the first six; `reserva` and `liberacao` record the status
 * changes of an out-request (an item reserved while a request waits, and released when it is
 * refused or cancelled), so that every status change has its movement.
 */
export const MOVEMENT_TYPES = ['entrada', 'saida', 'transferencia', 'devolucao', 'ajuste', 'baixa', 'reserva', 'liberacao'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  entrada: 'Entrada',
  saida: 'Saída',
  transferencia: 'Transferência',
  devolucao: 'Devolução',
  ajuste: 'Ajuste',
  baixa: 'Baixa',
  reserva: 'Reserva',
  liberacao: 'Liberação de reserva',
};

/** `retirada`: a user asks for items; `devolucao`: a holder asks to give items back (from /my-patrimony). */
export const SOLICITATION_KINDS = ['retirada', 'devolucao'] as const;
export type SolicitationKind = (typeof SOLICITATION_KINDS)[number];
export const SOLICITATION_KIND_LABELS: Record<SolicitationKind, string> = {
  retirada: 'Retirada',
  devolucao: 'Devolução',
};

/**
 * retirada: pendente →approve→ aprovada →deliver→ entregue →return→ devolvida;
 *           pendente →refuse→ recusada; pendente|aprovada →cancel→ cancelada.
 * devolucao: pendente →return→ devolvida; pendente →cancel→ cancelada.
 */
export const SOLICITATION_STATUSES = ['pendente', 'aprovada', 'recusada', 'entregue', 'devolvida', 'cancelada'] as const;
export type SolicitationStatus = (typeof SOLICITATION_STATUSES)[number];
export const SOLICITATION_STATUS_LABELS: Record<SolicitationStatus, string> = {
  pendente: 'Aguardando',
  aprovada: 'Aprovada',
  recusada: 'Recusada',
  entregue: 'Entregue',
  devolvida: 'Devolvida',
  cancelada: 'Cancelada',
};
export const SOLICITATION_STEPS = ['approve', 'refuse', 'deliver', 'return', 'cancel'] as const;
export type SolicitationStep = (typeof SOLICITATION_STEPS)[number];
export const SOLICITATION_STEP_LABELS: Record<SolicitationStep, string> = {
  approve: 'Aprovar',
  refuse: 'Recusar',
  deliver: 'Entregar',
  return: 'Receber devolução',
  cancel: 'Cancelar',
};

export const DESTINATION_TYPES = ['usuario', 'unidade', 'atividade_externa'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];
export const DESTINATION_TYPE_LABELS: Record<DestinationType, string> = {
  usuario: 'O próprio solicitante',
  unidade: 'Unidade organizacional',
  atividade_externa: 'Atividade externa',
};

// ---------------------------------------------------------------------------------------------
// Shared pieces

const id = z.number().int().positive();
const code = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Informe o código ${what}`)
    .max(40)
    .regex(/^[A-Za-z0-9._/-]+$/, 'Use letras, números, ponto, barra, hífen ou sublinhado');
const name = z.string().trim().min(1, 'Informe o nome').max(200);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const reason = z.string().trim().min(3, 'Informe o motivo (ao menos 3 caracteres)').max(1000);

/** A quantity of a consumable: positive, up to 3 decimal places (metres of cable, kilograms…). */
export const quantity = z
  .number({ message: 'Informe uma quantidade numérica' })
  .positive('A quantidade deve ser maior que zero')
  .max(1_000_000_000, 'Quantidade grande demais')
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'Use no máximo 3 casas decimais');
const nonNegativeQuantity = z
  .number({ message: 'Informe uma quantidade numérica' })
  .min(0, 'A quantidade não pode ser negativa')
  .max(1_000_000_000, 'Quantidade grande demais')
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'Use no máximo 3 casas decimais');

export const ref = z.object({ id: z.number(), name: z.string() });
const refCode = z.object({ id: z.number(), code: z.string(), name: z.string() });
/** Comma-separated ids in a query string (`?ids=1,2,3`). */
export const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Use ids separados por vírgula')
  .transform((s) => [...new Set(s.split(',').map(Number))]);
const queryId = z.coerce.number().int().positive().optional();
const period = {
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
};

// ---------------------------------------------------------------------------------------------
// Stock (a warehouse of a unit)

export const stockInput = z.object({
  name,
  code: code('do estoque'),
  unit_organizational_id: id,
  description: optionalText(2000),
  address: optionalText(500),
  is_active: z.boolean().default(true),
});
export const stockUpdate = updateOf(stockInput);
export const stockRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  code: z.string(),
  unit_organizational_id: z.number(),
  unit_organizational: ref.nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  is_active: z.boolean(),
  section_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StockRead = z.infer<typeof stockRead>;
export const stockListQuery = listQuery.extend({ unit: queryId, isActive: queryBoolean.optional() });

// ---------------------------------------------------------------------------------------------
// Section (a place inside a stock)

export const sectionInput = z.object({
  stock_id: id,
  name,
  code: code('da seção'),
  description: optionalText(2000),
  is_active: z.boolean().default(true),
});
export const sectionUpdate = updateOf(sectionInput);
export const sectionRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  stock_id: z.number(),
  stock: refCode.nullable(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SectionRead = z.infer<typeof sectionRead>;
export const sectionListQuery = listQuery.extend({ stock: queryId, isActive: queryBoolean.optional() });

// ---------------------------------------------------------------------------------------------
// Product (catalogue item)

export const productInput = z.object({
  code: code('do produto'),
  name,
  category: z.string().trim().max(100).nullable().optional(),
  tracking: z.enum(PRODUCT_TRACKINGS, { message: 'Escolha patrimônio ou consumível' }),
  unit_of_measure: z.enum(UNITS_OF_MEASURE, { message: 'Unidade de medida inválida' }).default('un'),
  manufacturer: optionalText(120),
  model: optionalText(120),
  price: money.nullable().optional(),
  minimum_quantity: nonNegativeQuantity.default(0),
  description: optionalText(4000),
  is_active: z.boolean().default(true),
  organization_id: id.optional(),
});
export const productUpdate = updateOf(productInput.omit({ organization_id: true }));
export const productRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  code: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  tracking: z.enum(PRODUCT_TRACKINGS),
  unit_of_measure: z.enum(UNITS_OF_MEASURE),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  price: z.string().nullable(),
  minimum_quantity: z.number(),
  /** Consumable: sum of balances; patrimony: items `disponivel`. */
  available_quantity: z.number(),
  below_minimum: z.boolean(),
  photo: z.string().nullable(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductRead = z.infer<typeof productRead>;
export const productListQuery = listQuery.extend({
  tracking: z.enum(PRODUCT_TRACKINGS).optional(),
  category: z.string().trim().max(100).optional(),
  belowMinimum: queryBoolean.optional(),
  isActive: queryBoolean.optional(),
});

// ---------------------------------------------------------------------------------------------
// Patrimony (one physical item)

const patrimonyFields = {
  /** Left empty: generated from the organization's prefix and digits (organization settings, warehouse). */
  tag: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9._/-]*$/, 'Use letras, números, ponto, barra, hífen ou sublinhado')
    .nullable()
    .optional(),
  serial: optionalText(120),
  condition: z.enum(PATRIMONY_CONDITIONS, { message: 'Estado de conservação inválido' }).default('novo'),
  acquisition_date: dateOnly.nullable().optional(),
  acquisition_value: money.nullable().optional(),
  invoice_number: optionalText(60),
  supplier: optionalText(200),
  notes: optionalText(4000),
};

export const patrimonyCreate = z
  .object({
    product_id: id,
    ...patrimonyFields,
    /** Where it is (a section) or who holds it (a user): exactly one. */
    section_id: id.nullable().optional(),
    holder_user_id: id.nullable().optional(),
    status: z.enum(['disponivel', 'em_uso', 'manutencao'], { message: 'Situação inválida para um item novo' }).optional(),
  })
  .refine((v) => Boolean(v.section_id) !== Boolean(v.holder_user_id), {
    message: 'Informe a seção onde o item está ou o usuário que o detém (um dos dois)',
    path: ['section_id'],
  });
export const patrimonyUpdate = z.object({
  product_id: id.optional(),
  tag: z
    .string()
    .trim()
    .min(1, 'Informe o número de patrimônio')
    .max(40)
    .regex(/^[A-Za-z0-9._/-]+$/, 'Use letras, números, ponto, barra, hífen ou sublinhado')
    .optional(),
  serial: patrimonyFields.serial,
  condition: z.enum(PATRIMONY_CONDITIONS, { message: 'Estado de conservação inválido' }).optional(),
  acquisition_date: patrimonyFields.acquisition_date,
  acquisition_value: patrimonyFields.acquisition_value,
  invoice_number: patrimonyFields.invoice_number,
  supplier: patrimonyFields.supplier,
  notes: patrimonyFields.notes,
  section_id: id.nullable().optional(),
  holder_user_id: id.nullable().optional(),
  status: z.enum(EDITABLE_PATRIMONY_STATUSES, { message: 'Situação inválida: reservas e trânsito são controlados pelas solicitações e envios' }).optional(),
  /** Why the place, holder or status changed; kept in the movement. */
  reason: z.string().trim().max(1000).optional(),
});
export const holderRef = z.object({ id: z.number(), username: z.string(), name: z.string() });
export const patrimonyRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  tag: z.string(),
  serial: z.string().nullable(),
  product_id: z.number(),
  product: refCode.extend({ tracking: z.enum(PRODUCT_TRACKINGS) }).nullable(),
  condition: z.enum(PATRIMONY_CONDITIONS),
  status: z.enum(PATRIMONY_STATUSES),
  stock_id: z.number().nullable(),
  stock: ref.nullable(),
  section_id: z.number().nullable(),
  section: ref.nullable(),
  holder_user_id: z.number().nullable(),
  holder: holderRef.nullable(),
  /** When the holder confirmed receipt (/my-patrimony); cleared when the holder changes. */
  holder_confirmed_at: z.string().nullable(),
  acquisition_date: z.string().nullable(),
  acquisition_value: z.string().nullable(),
  invoice_number: z.string().nullable(),
  supplier: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PatrimonyRead = z.infer<typeof patrimonyRead>;
export const patrimonyListQuery = listQuery.extend({
  status: z.enum(PATRIMONY_STATUSES).optional(),
  product: queryId,
  stock: queryId,
  section: queryId,
  holder: queryId,
  condition: z.enum(PATRIMONY_CONDITIONS).optional(),
});

export const BULK_MAX_ITEMS = 500;
/** N items of one product into one section; serials pasted one per line (or a quantity without serials). */
export const patrimonyBulk = z
  .object({
    product_id: id,
    section_id: id,
    serials: z
      .union([z.string().max(100_000), z.array(z.string().max(120)).max(BULK_MAX_ITEMS)])
      .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean))
      .optional(),
    quantity: z.number().int('Informe um número inteiro').min(1).max(BULK_MAX_ITEMS, `No máximo ${BULK_MAX_ITEMS} itens por vez`).optional(),
    condition: patrimonyFields.condition,
    acquisition_date: patrimonyFields.acquisition_date,
    acquisition_value: patrimonyFields.acquisition_value,
    invoice_number: patrimonyFields.invoice_number,
    supplier: patrimonyFields.supplier,
    notes: patrimonyFields.notes,
  })
  .refine((v) => (v.serials?.length ?? 0) > 0 || (v.quantity ?? 0) > 0, { message: 'Cole os números de série (um por linha) ou informe a quantidade', path: ['serials'] })
  .refine((v) => (v.serials?.length ?? 0) <= BULK_MAX_ITEMS, { message: `No máximo ${BULK_MAX_ITEMS} itens por vez`, path: ['serials'] })
  .refine((v) => !v.serials?.length || new Set(v.serials).size === v.serials.length, { message: 'Há números de série repetidos na lista', path: ['serials'] })
  .refine((v) => !v.serials?.length || !v.quantity || v.quantity === v.serials.length, { message: 'A quantidade não confere com o número de séries', path: ['quantity'] });
export const patrimonyBulkResult = z.object({ items: z.array(patrimonyRead) });
export const patrimonyLabelsQuery = z.object({ ids: idList });

// ---------------------------------------------------------------------------------------------
// Consumables: balances and operations

export const consumableEntry = z.object({
  product_id: id,
  section_id: id,
  quantity,
  unit_price: money.nullable().optional(),
  invoice_number: optionalText(60),
  supplier: optionalText(200),
  reason: optionalText(1000),
});
export const consumableTransfer = z
  .object({ product_id: id, from_section_id: id, to_section_id: id, quantity, reason: optionalText(1000) })
  .refine((v) => v.from_section_id !== v.to_section_id, { message: 'Origem e destino devem ser seções diferentes', path: ['to_section_id'] });
/** An inventory count: the balance becomes `counted_quantity`. */
export const consumableAdjustment = z.object({ product_id: id, section_id: id, counted_quantity: nonNegativeQuantity, reason });
export const consumableWriteOff = z.object({ product_id: id, section_id: id, quantity, reason });

export const balanceRead = z.object({
  id: z.number(),
  product: refCode.extend({ unit_of_measure: z.enum(UNITS_OF_MEASURE), minimum_quantity: z.number() }),
  stock: ref,
  section: ref,
  quantity: z.number(),
  updated_at: z.string(),
});
export type BalanceRead = z.infer<typeof balanceRead>;
export const balanceListQuery = listQuery.extend({ stock: queryId, section: queryId, product: queryId, positive: queryBoolean.optional() });

// ---------------------------------------------------------------------------------------------
// Movements (append-only history)

export const movementRead = z.object({
  id: z.number(),
  type: z.enum(MOVEMENT_TYPES),
  product: refCode,
  patrimony: z.object({ id: z.number(), tag: z.string() }).nullable(),
  quantity: z.number(),
  from_stock: ref.nullable(),
  from_section: ref.nullable(),
  to_stock: ref.nullable(),
  to_section: ref.nullable(),
  from_holder: holderRef.nullable(),
  to_holder: holderRef.nullable(),
  from_status: z.enum(PATRIMONY_STATUSES).nullable(),
  to_status: z.enum(PATRIMONY_STATUSES).nullable(),
  user: holderRef.nullable(),
  reason: z.string().nullable(),
  document: z.string().nullable(),
  solicitation_id: z.number().nullable(),
  created_at: z.string(),
});
export type MovementRead = z.infer<typeof movementRead>;
export const MOVEMENT_EXPORT_MAX_ROWS = 100_000;
export const movementListQuery = listQuery.extend({
  /** A patrimony item. */
  item: queryId,
  product: queryId,
  stock: queryId,
  section: queryId,
  /** Who did it, or who held the item before or after. */
  user: queryId,
  type: z.enum(MOVEMENT_TYPES).optional(),
  solicitation: queryId,
  ...period,
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});

export const consumableResult = z.object({ movements: z.array(movementRead), balances: z.array(balanceRead) });

// ---------------------------------------------------------------------------------------------
// Patrimony solicitation (out-request)

export const solicitationItemInput = z.union([
  z.object({ patrimony_id: id }),
  z.object({ product_id: id, quantity }),
]);
export const solicitationCreate = z
  .object({
    reason,
    destination_type: z.enum(DESTINATION_TYPES).default('usuario'),
    destination_unit_id: id.nullable().optional(),
    destination_note: optionalText(500),
    /** Take the items from this stock (optional). */
    stock_id: id.nullable().optional(),
    items: z.array(solicitationItemInput).min(1, 'Informe ao menos um item').max(200, 'No máximo 200 itens por solicitação'),
  })
  .refine((v) => v.destination_type !== 'unidade' || Boolean(v.destination_unit_id), { message: 'Informe a unidade de destino', path: ['destination_unit_id'] });
export const solicitationUpdate = z.object({
  reason: reason.optional(),
  destination_type: z.enum(DESTINATION_TYPES).optional(),
  destination_unit_id: id.nullable().optional(),
  destination_note: optionalText(500),
});
export const solicitationItemRead = z.object({
  id: z.number(),
  patrimony: z.object({ id: z.number(), tag: z.string(), serial: z.string().nullable(), status: z.enum(PATRIMONY_STATUSES) }).nullable(),
  product: refCode.extend({ tracking: z.enum(PRODUCT_TRACKINGS), unit_of_measure: z.enum(UNITS_OF_MEASURE) }),
  quantity: z.number(),
  delivered_at: z.string().nullable(),
  returned_at: z.string().nullable(),
});
export const solicitationRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  kind: z.enum(SOLICITATION_KINDS),
  status: z.enum(SOLICITATION_STATUSES),
  requester: holderRef,
  reason: z.string(),
  destination_type: z.enum(DESTINATION_TYPES),
  destination_unit: ref.nullable(),
  destination_note: z.string().nullable(),
  stock: ref.nullable(),
  origin_id: z.number().nullable(),
  items: z.array(solicitationItemRead),
  decided_by: holderRef.nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  delivered_by: holderRef.nullable(),
  delivered_at: z.string().nullable(),
  returned_by: holderRef.nullable(),
  returned_at: z.string().nullable(),
  cancelled_by: holderRef.nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The workflow steps legal from the current status (the web also checks the user's permissions). */
  actions: z.array(z.enum(SOLICITATION_STEPS)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SolicitationRead = z.infer<typeof solicitationRead>;
export const solicitationListQuery = listQuery.extend({
  status: z.enum(SOLICITATION_STATUSES).optional(),
  kind: z.enum(SOLICITATION_KINDS).optional(),
  requester: queryId,
  mine: queryBoolean.optional(),
  /** Only what waits for the current user (approve, deliver or receive). */
  waiting: queryBoolean.optional(),
  ...period,
});
/** Bodies of workflow steps are optional (a POST without a body arrives as null). */
export const solicitationApprove = z.object({ reason: optionalText(1000) }).nullish();
export const solicitationRefuse = z.object({ reason });
export const solicitationDeliver = z.object({ note: optionalText(1000) }).nullish();
export const solicitationReturn = z
  .object({
    /** Where the items go back; default: the section each one left from. */
    section_id: id.nullable().optional(),
    condition: z.enum(PATRIMONY_CONDITIONS).optional(),
    note: optionalText(1000),
  })
  .nullish();
export const solicitationCancel = z.object({ reason: optionalText(1000) }).nullish();

// ---------------------------------------------------------------------------------------------
// My patrimony and the hub

export const myPatrimonyRead = patrimonyRead.extend({
  /** The delivery this item came from, if any. */
  solicitation_id: z.number().nullable(),
  /** An open return request (devolução) for this item, if any. */
  return_solicitation_id: z.number().nullable(),
});
export const myPatrimonyReturn = z.object({ reason: optionalText(1000) }).nullish();

export const warehouseSummary = z.object({
  /** Counts per status; null when the user may not see patrimony. */
  patrimony: z.record(z.enum(PATRIMONY_STATUSES), z.number()).nullable(),
  patrimony_total: z.number().nullable(),
  stocks: z.number().nullable(),
  sections: z.number().nullable(),
  products: z.number().nullable(),
  products_below_minimum: z.number().nullable(),
  movements_last_30_days: z.number().nullable(),
  /** Requests waiting for the current user: to approve (WAREHOUSE), to deliver or receive (PATRIMONY). */
  requests_waiting_for_me: z.number(),
  my_open_requests: z.number(),
  my_patrimony: z.number(),
  my_patrimony_unconfirmed: z.number(),
});
export type WarehouseSummary = z.infer<typeof warehouseSummary>;
