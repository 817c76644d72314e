

/**
 * Warehouse (almoxarifado), DESIGN §4: stock → section, product, patrimony, consumable
 * balances, movements, patrimony solicitations (out-requests) and my patrimony.
 */
import { enumOf } from '../kit/common';

export const WAREHOUSE_PERMISSIONS = ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'] as const;


export const PATRIMONY_STATUS_LABELS = { disponivel: 'Disponível', reservado: 'Reservado', em_uso: 'Em uso', em_transito: 'Em trânsito', manutencao: 'Em manutenção', baixado: 'Baixado' } as const;
export const PATRIMONY_STATUSES = enumOf(PATRIMONY_STATUS_LABELS);
export type PatrimonyStatus = (typeof PATRIMONY_STATUSES)[number];
/** Statuses a person may set by editing an item; the others belong to workflows (requests, shipments). */
export const EDITABLE_PATRIMONY_STATUSES = ['disponivel', 'em_uso', 'manutencao', 'baixado'] as const;

export const PATRIMONY_CONDITION_LABELS = { novo: 'Novo', bom: 'Bom', regular: 'Regular', danificado: 'Danificado', inservivel: 'Inservível' } as const;
export const PATRIMONY_CONDITIONS = enumOf(PATRIMONY_CONDITION_LABELS);
export type PatrimonyCondition = (typeof PATRIMONY_CONDITIONS)[number];

export const PRODUCT_TRACKING_LABELS = { patrimonio: 'Patrimônio (controle individual)', consumivel: 'Consumível (controle por quantidade)' } as const;
export const PRODUCT_TRACKINGS = enumOf(PRODUCT_TRACKING_LABELS);
export type ProductTracking = (typeof PRODUCT_TRACKINGS)[number];

export const UNIT_OF_MEASURE_LABELS = { un: 'Unidade', pc: 'Peça', m: 'Metro', km: 'Quilômetro', kg: 'Quilograma', l: 'Litro', cx: 'Caixa', rolo: 'Rolo', par: 'Par', kit: 'Kit' } as const;
export const UNITS_OF_MEASURE = enumOf(UNIT_OF_MEASURE_LABELS);
export type UnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];
/** Units counted in whole pieces: a bill of materials asks for 42 clamps, never 41,95. */
export const DISCRETE_UNITS: readonly UnitOfMeasure[] = ['un', 'pc', 'cx', 'rolo', 'par', 'kit'];

/**
 * Movement types. DESIGN §4 names the first six; `reserva` and `liberacao` record the status
 * changes of an out-request (an item reserved while a request waits, and released when it is
 * refused or cancelled), so that every status change has its movement.
 */
export const MOVEMENT_TYPE_LABELS = { entrada: 'Entrada', saida: 'Saída', transferencia: 'Transferência', devolucao: 'Devolução', ajuste: 'Ajuste', baixa: 'Baixa', reserva: 'Reserva', liberacao: 'Liberação de reserva' } as const;
export const MOVEMENT_TYPES = enumOf(MOVEMENT_TYPE_LABELS);
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** `retirada`: a user asks for items; `devolucao`: a holder asks to give items back (from /my-patrimony). */
export const SOLICITATION_KIND_LABELS = { retirada: 'Retirada', devolucao: 'Devolução' } as const;
export const SOLICITATION_KINDS = enumOf(SOLICITATION_KIND_LABELS);
export type SolicitationKind = (typeof SOLICITATION_KINDS)[number];

/**
 * retirada: pendente →approve→ aprovada →deliver→ entregue →return→ devolvida;
 *           pendente →refuse→ recusada; pendente|aprovada →cancel→ cancelada.
 * devolucao: pendente →return→ devolvida; pendente →cancel→ cancelada.
 */
export const SOLICITATION_STATUS_LABELS = { pendente: 'Aguardando', aprovada: 'Aprovada', recusada: 'Recusada', entregue: 'Entregue', devolvida: 'Devolvida', cancelada: 'Cancelada' } as const;
export const SOLICITATION_STATUSES = enumOf(SOLICITATION_STATUS_LABELS);
export type SolicitationStatus = (typeof SOLICITATION_STATUSES)[number];
export const SOLICITATION_STEP_LABELS = { approve: 'Aprovar', refuse: 'Recusar', deliver: 'Entregar', return: 'Receber devolução', cancel: 'Cancelar' } as const;
export const SOLICITATION_STEPS = enumOf(SOLICITATION_STEP_LABELS);
export type SolicitationStep = (typeof SOLICITATION_STEPS)[number];

export const DESTINATION_TYPE_LABELS = { usuario: 'O próprio solicitante', unidade: 'Unidade organizacional', atividade_externa: 'Atividade externa', projeto: 'Projeto' } as const;
export const DESTINATION_TYPES = enumOf(DESTINATION_TYPE_LABELS);
export type DestinationType = (typeof DESTINATION_TYPES)[number];
