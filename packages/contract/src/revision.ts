import { z } from 'zod';
import { listQuery } from './common';

export const REVISION_ACTIONS = ['create', 'update', 'delete'] as const;
export const REVISION_ACTION_LABELS: Record<(typeof REVISION_ACTIONS)[number], string> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
};

/** pt-BR names of audited entities. */
export const ENTITY_LABELS: Record<string, string> = {
  user: 'Usuário',
  release_note: 'Nota de versão',
  organization: 'Organização',
  unit_organizational: 'Unidade organizacional',
  notification: 'Notificação',
  stock: 'Estoque',
  section: 'Seção',
  product: 'Produto',
  patrimony: 'Patrimônio',
  patrimony_solicitation: 'Solicitação de patrimônio',
  organization_settings: 'Configurações da organização',
  country: 'País',
  state: 'Estado',
  city: 'Cidade',
  data_source: 'Fonte de dados',
  shipment_solicitation: 'Solicitação de envio',
  shipment: 'Envio',
};

/** Where a record of each entity is edited, for links from the revision log. */
export const ENTITY_LINKS: Record<string, (id: number) => string> = {
  user: (id) => `/user/edit/${id}`,
  organization: (id) => `/organization/edit/${id}`,
  unit_organizational: (id) => `/unit-organizational/edit/${id}`,
  organization_settings: () => `/organization-settings`,
  data_source: (id) => `/organization-settings/data-source/edit/${id}`,
  release_note: () => `/release-notes`,
  shipment_solicitation: (id) => `/shipment-solicitation/edit/${id}`,
  shipment: (id) => `/shipment/edit/${id}`,
};

export const revisionListQuery = listQuery.extend({
  entity: z.string().max(60).optional(),
  entityId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  action: z.enum(REVISION_ACTIONS).optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

export const revisionRead = z.object({
  id: z.number(),
  entity: z.string(),
  entity_id: z.number(),
  action: z.enum(REVISION_ACTIONS),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  user: z.object({ id: z.number(), username: z.string() }).nullable(),
  created_at: z.string(),
});

/** pt-BR labels of field names shown in the revision log's diff; module-specific labels may extend it. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  code: 'Código',
  title: 'Título',
  message: 'Mensagem',
  content: 'Conteúdo',
  version: 'Versão',
  username: 'Usuário',
  email: 'E-mail',
  password: 'Senha',
  picture: 'Foto',
  permissions: 'Permissões',
  super_admin: 'Super administrador',
  unit_organizational_id: 'Unidade principal',
  units: 'Unidades',
  person: 'Pessoa',
  settings: 'Preferências',
  is_active: 'Ativo',
  is_confirmed: 'Confirmado',
  organization_id: 'Organização',
  fantasy_name: 'Nome fantasia',
  legal_name: 'Razão social',
  cnpj: 'CNPJ',
  phone: 'Telefone',
  address: 'Endereço',
  zip_code: 'CEP',
  city_id: 'Cidade',
  state_id: 'Estado',
  country_id: 'País',
  uf: 'UF',
  iso_code: 'Código ISO',
  ibge_code: 'Código IBGE',
  logo: 'Logotipo',
  parent_id: 'Unidade superior',
  url: 'URL',
  method: 'Método',
  headers: 'Cabeçalhos',
  token: 'Token',
  target: 'Destino',
  items_path: 'Caminho dos registros',
  key_field: 'Campo-chave',
  mapping: 'Mapeamento',
  schedule: 'Agendamento',
  timeout_ms: 'Tempo limite (ms)',
  recipients: 'Destinatários',
  importacao: 'Importação',
  execucao: 'Execução',
};
