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
  routeros_version: 'Versão do RouterOS',
  site_id: 'Site',
  patrimony_id: 'Patrimônio',
  interfaces: 'Interfaces',
};

/** pt-BR labels of the network module's enum values in the revision log (spread into REVISION_VALUE_LABELS). */
export const NETWORK_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'site.type': SITE_TYPE_LABELS,
  'site.status': SITE_STATUS_LABELS,
  'network_asset.role': ASSET_ROLE_LABELS,
  'network_asset.vendor': ASSET_VENDOR_LABELS,
  'network_asset.status': ASSET_STATUS_LABELS,
  'network_interface.type': INTERFACE_TYPE_LABELS,
};
