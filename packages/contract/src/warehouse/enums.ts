

/**
 * Warehouse (almoxarifado), DESIGN §4: stock → section, product, patrimony, consumable
 * balances, movements, patrimony solicitations (out-requests) and my patrimony.
 */

export const WAREHOUSE_PERMISSIONS = ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'] as const;


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
