/** Network (DESIGN §4): the enumerations of sites, assets and interfaces, with their pt-BR labels. */
import { enumOf } from '../kit/common';

export const SITE_TYPE_LABELS = { pop: 'POP', torre: 'Torre', datacenter: 'Data center', armario: 'Armário', cliente: 'Cliente', cto: 'Caixa de atendimento (CTO)', outro: 'Outro' } as const;
export const SITE_TYPES = enumOf(SITE_TYPE_LABELS);
export type SiteType = (typeof SITE_TYPES)[number];

export const SITE_STATUS_LABELS = { ativo: 'Ativo', em_implantacao: 'Em implantação', desativado: 'Desativado' } as const;
export const SITE_STATUSES = enumOf(SITE_STATUS_LABELS);
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const ASSET_ROLE_LABELS = { roteador: 'Roteador', switch: 'Switch', olt: 'OLT', radio: 'Rádio', servidor: 'Servidor', firewall: 'Firewall', outro: 'Outro' } as const;
export const ASSET_ROLES = enumOf(ASSET_ROLE_LABELS);
export type AssetRole = (typeof ASSET_ROLES)[number];

export const ASSET_VENDOR_LABELS = { mikrotik: 'MikroTik', huawei: 'Huawei', cisco: 'Cisco', juniper: 'Juniper', ubiquiti: 'Ubiquiti', intelbras: 'Intelbras', furukawa: 'Furukawa', outro: 'Outro' } as const;
export const ASSET_VENDORS = enumOf(ASSET_VENDOR_LABELS);
export type AssetVendor = (typeof ASSET_VENDORS)[number];

export const ASSET_STATUS_LABELS = { ativo: 'Ativo', em_estoque: 'Em estoque', manutencao: 'Em manutenção', desativado: 'Desativado' } as const;
export const ASSET_STATUSES = enumOf(ASSET_STATUS_LABELS);
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** RouterOS major versions the MikroTik script generator knows. */
export const ROUTEROS_VERSIONS = ['6.x', '7.x'] as const;
export type RouterOsVersion = (typeof ROUTEROS_VERSIONS)[number];

export const INTERFACE_TYPE_LABELS = { ethernet: 'Ethernet', sfp: 'SFP/SFP+', wireless: 'Sem fio', vlan: 'VLAN', bridge: 'Bridge', bond: 'Bonding', outro: 'Outro' } as const;
export const INTERFACE_TYPES = enumOf(INTERFACE_TYPE_LABELS);
export type InterfaceType = (typeof INTERFACE_TYPES)[number];

/** Rows of one export (CSV/XLSX) of the asset list. */
export const ASSET_EXPORT_MAX_ROWS = 100_000;
/** Ids of one bulk action. */
export const ASSET_BULK_MAX = 500;
/** Markers of one map answer. */
export const SITE_MAP_MAX = 5000;

/** A CTO's splitter: how one fibre is split towards the clients' drops. */
export const SPLITTER_RATIOS = ['1:2', '1:4', '1:8', '1:16', '1:32', '1:64'] as const;
export type SplitterRatio = (typeof SPLITTER_RATIOS)[number];
/** Ports of one CTO (the reservation table's check agrees). */
export const CTO_MAX_PORTS = 256;
