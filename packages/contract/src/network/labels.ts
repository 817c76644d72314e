import { CIRCUIT_STATUS_LABELS, CIRCUIT_TYPE_LABELS } from './circuit';
import { RESPONSIBILITY_LABELS } from './unavailability';
import { LMC_STATUS_LABELS, LMX_MEDIUM_LABELS } from './lmc';
import { SVC_STATUS_LABELS, SVC_TYPE_LABELS } from './svc';
import { UNION_MODE_LABELS } from './union';
import { ASSET_ROLE_LABELS, ASSET_STATUS_LABELS, ASSET_VENDOR_LABELS, INTERFACE_TYPE_LABELS, SITE_STATUS_LABELS, SITE_TYPE_LABELS } from './enums';

/** pt-BR names of the network module's fields, for the revision log's diff (spread into FIELD_LABELS). */
export const NETWORK_FIELD_LABELS: Record<string, string> = {
  type: 'Tipo',
  latitude: 'Latitude',
  longitude: 'Longitude',
  hostname: 'Hostname',
  role: 'Função',
  vendor: 'Fabricante',
  management_ip: 'IP de gerência',
  management_interface: 'Interface de gerência',
  delivery_interface_id: 'Interface de entrega',
  routeros_version: 'Versão do RouterOS',
  site_id: 'Site',
  patrimony_id: 'Patrimônio',
  interfaces: 'Interfaces',
  carrier: 'Operadora',
  designation: 'Designação',
  bandwidth_mbps: 'Banda (Mbps)',
  site_a_id: 'Ponta A',
  site_b_id: 'Ponta B',
  monthly_cost: 'Custo mensal',
  installed_on: 'Instalado em',
  contract_ends_on: 'Fim do contrato',
  sla_percent: 'SLA (%)',
  credit_factor: 'Fator de crédito',
  contract_file: 'Contrato (PDF)',
  support_contacts: 'Contatos de suporte',
  circuit_id: 'Circuito',
  started_at: 'Início',
  ended_at: 'Fim',
  cause: 'Causa',
  responsibility: 'Responsabilidade',
  protocol: 'Protocolo',
  counts_for_sla: 'Conta para o SLA',
  splitter_ratio: 'Divisor',
  port_count: 'Portas',
};

/** pt-BR labels of the network module's enum values in the revision log (spread into REVISION_VALUE_LABELS). */
export const NETWORK_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'site.type': SITE_TYPE_LABELS,
  'site.status': SITE_STATUS_LABELS,
  'network_asset.role': ASSET_ROLE_LABELS,
  'network_asset.vendor': ASSET_VENDOR_LABELS,
  'network_asset.status': ASSET_STATUS_LABELS,
  'network_interface.type': INTERFACE_TYPE_LABELS,
  'circuit.type': CIRCUIT_TYPE_LABELS,
  'circuit.status': CIRCUIT_STATUS_LABELS,
  'circuit_unavailability.responsibility': RESPONSIBILITY_LABELS,
  // The paths' keys too, so the log never shows "active-backup" or "circuito_operadora".
  'network_union.mode': UNION_MODE_LABELS,
  'lmc.status': LMC_STATUS_LABELS,
  'lmx.medium': LMX_MEDIUM_LABELS,
  'svc.type': SVC_TYPE_LABELS,
  'svc.status': SVC_STATUS_LABELS,
};
