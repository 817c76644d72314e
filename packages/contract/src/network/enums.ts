/** Network (DESIGN §4): the enumerations of sites, assets and interfaces, with their pt-BR labels. */

export const SITE_TYPES = ['pop', 'torre', 'datacenter', 'armario', 'cliente', 'outro'] as const;
export type SiteType = (typeof SITE_TYPES)[number];
export const SITE_TYPE_LABELS: Record<SiteType, string> = {
  pop: 'POP',
  torre: 'Torre',
  datacenter: 'Data center',
  armario: 'Armário',
  cliente: 'Cliente',
  outro: 'Outro',
};

export const SITE_STATUSES = ['ativo', 'em_implantacao', 'desativado'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const SITE_STATUS_LABELS: Record<SiteStatus, string> = {
  ativo: 'Ativo',
  em_implantacao: 'Em implantação',
  desativado: 'Desativado',
};

export const ASSET_ROLES = ['roteador', 'switch', 'olt', 'radio', 'servidor', 'firewall', 'outro'] as const;
export type AssetRole = (typeof ASSET_ROLES)[number];
export const ASSET_ROLE_LABELS: Record<AssetRole, string> = {
  roteador: 'Roteador',
  switch: 'Switch',
  olt: 'OLT',
  radio: 'Rádio',
  servidor: 'Servidor',
  firewall: 'Firewall',
  outro: 'Outro',
};

export const ASSET_VENDORS = ['mikrotik', 'huawei', 'cisco', 'juniper', 'ubiquiti', 'intelbras', 'furukawa', 'outro'] as const;
export type AssetVendor = (typeof ASSET_VENDORS)[number];
export const ASSET_VENDOR_LABELS: Record<AssetVendor, string> = {
  mikrotik: 'MikroTik',
  huawei: 'Huawei',
  cisco: 'Cisco',
  juniper: 'Juniper',
  ubiquiti: 'Ubiquiti',
  intelbras: 'Intelbras',
  furukawa: 'Furukawa',
  outro: 'Outro',
};

export const ASSET_STATUSES = ['ativo', 'em_estoque', 'manutencao', 'desativado'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_STATUS_LABELS: Record<AssetStatus, string> = {
  ativo: 'Ativo',
  em_estoque: 'Em estoque',
  manutencao: 'Em manutenção',
  desativado: 'Desativado',
};

/** RouterOS major versions the MikroTik script generator knows. */
export const ROUTEROS_VERSIONS = ['6.x', '7.x'] as const;
export type RouterOsVersion = (typeof ROUTEROS_VERSIONS)[number];

export const INTERFACE_TYPES = ['ethernet', 'sfp', 'wireless', 'vlan', 'bridge', 'bond', 'outro'] as const;
export type InterfaceType = (typeof INTERFACE_TYPES)[number];
export const INTERFACE_TYPE_LABELS: Record<InterfaceType, string> = {
  ethernet: 'Ethernet',
  sfp: 'SFP/SFP+',
  wireless: 'Sem fio',
  vlan: 'VLAN',
  bridge: 'Bridge',
  bond: 'Bonding',
  outro: 'Outro',
};

/** Rows of one export (CSV/XLSX) of the asset list. */
export const ASSET_EXPORT_MAX_ROWS = 100_000;
/** Ids of one bulk action. */
export const ASSET_BULK_MAX = 500;
/** Markers of one map answer. */
export const SITE_MAP_MAX = 5000;
