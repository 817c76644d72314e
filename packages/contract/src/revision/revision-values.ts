import { DATA_SOURCE_SCHEDULE_LABELS, DATA_SOURCE_TARGET_LABELS } from '../data-source';
import { NETWORK_VALUE_LABELS } from '../network/labels';
import { RECEIVING_ITEM_STATUS_LABELS, SHIPMENT_DESTINATION_LABELS, SHIPMENT_SOLICITATION_STATUS_LABELS, SHIPMENT_STATUS_LABELS } from '../logistics';
import {
  DESTINATION_TYPE_LABELS,
  MOVEMENT_TYPE_LABELS,
  PATRIMONY_CONDITION_LABELS,
  PATRIMONY_STATUS_LABELS,
  PRODUCT_TRACKING_LABELS,
  SOLICITATION_KIND_LABELS,
  SOLICITATION_STATUS_LABELS,
  UNIT_OF_MEASURE_LABELS,
} from '../warehouse';

/** A user's theme setting (`theme`: 1 = dark). */
export const THEME_LABELS: Readonly<Record<string, string>> = { '0': 'Claro', '1': 'Escuro' };
/** A user's table layout setting (`layout`; "standart" is the stored spelling, SPEC §5). */
export const TABLE_LAYOUT_LABELS: Readonly<Record<string, string>> = { standart: 'Padrão', compact: 'Compacto', comfortable: 'Confortável' };
/** The state of a data source's last run. */
export const DATA_SOURCE_RUN_STATUS_LABELS: Readonly<Record<string, string>> = { running: 'Em execução', success: 'Concluída', failed: 'Falhou' };

/**
 * pt-BR labels of the values of enum fields, for the revision log. A key is "entity.path" where
 * a field means different things per entity ("status"), or the bare "path" where it means the same
 * everywhere; a nested value's path joins its keys ("settings.theme"). Numbers are looked up by
 * their text ("1").
 */
export const REVISION_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'settings.theme': THEME_LABELS,
  'settings.layout': TABLE_LAYOUT_LABELS,
  target: DATA_SOURCE_TARGET_LABELS,
  schedule: DATA_SOURCE_SCHEDULE_LABELS,
  'data_source.status': DATA_SOURCE_RUN_STATUS_LABELS,
  condition: PATRIMONY_CONDITION_LABELS,
  tracking: PRODUCT_TRACKING_LABELS,
  unit_of_measure: UNIT_OF_MEASURE_LABELS,
  'patrimony.status': PATRIMONY_STATUS_LABELS,
  'movement.type': MOVEMENT_TYPE_LABELS,
  'patrimony_solicitation.kind': SOLICITATION_KIND_LABELS,
  'patrimony_solicitation.status': SOLICITATION_STATUS_LABELS,
  'patrimony_solicitation.destination_type': DESTINATION_TYPE_LABELS,
  'shipment_solicitation.status': SHIPMENT_SOLICITATION_STATUS_LABELS,
  'shipment_solicitation.destination_type': SHIPMENT_DESTINATION_LABELS,
  'shipment.status': SHIPMENT_STATUS_LABELS,
  'shipment.destination_type': SHIPMENT_DESTINATION_LABELS,
  received_status: RECEIVING_ITEM_STATUS_LABELS,
  ...NETWORK_VALUE_LABELS,
};

/** The label of an enum value of `path` in `entity`, or undefined when the field has no labels. */
export function revisionValueLabel(entity: string, path: string, value: string | number): string | undefined {
  const labels = REVISION_VALUE_LABELS[`${entity}.${path}`] ?? REVISION_VALUE_LABELS[path];
  return labels?.[String(value)];
}
