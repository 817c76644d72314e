/** pt-BR labels of each organization-settings field (forms and the revision log's diff). */
import type { SettingsSection } from '@operacoes/contract';

export const SETTINGS_FIELD_LABELS: { [S in SettingsSection]: Record<string, string> } = {
  'external-activity': {
    default_duration_minutes: 'Duração padrão (minutos)',
    sla_hours: 'SLA (horas)',
    numbering_prefix: 'Prefixo da numeração',
  },
  viability: {
    max_distance_m: 'Distância máxima (metros)',
    price_per_meter: 'Preço por metro (R$)',
    margin_percent: 'Margem (%)',
    proposal_validity_days: 'Validade da proposta (dias)',
    default_template_id: 'Modelo padrão',
    map_tile_url: 'URL das imagens do mapa (tiles)',
    geocoder_url: 'URL do geocodificador (busca de endereços)',
    route_factor: 'Fator de rota',
    drop_reach_m: 'Alcance do drop a partir da CTO (metros)',
    radio_range_m: 'Alcance do rádio (metros)',
    default_contract_months: 'Prazo padrão do contrato (meses)',
  },
  warehouse: {
    patrimony_prefix: 'Prefixo do número de patrimônio',
    patrimony_digits: 'Dígitos do número de patrimônio',
    out_request_needs_approval: 'Solicitações de saída exigem aprovação',
    low_stock_alerts: 'Alertas de estoque baixo',
  },
  logistic: {
    carriers: 'Transportadoras',
    default_sender_address: 'Endereço padrão do remetente',
    receiving_link_validity_days: 'Validade do link de recebimento (dias)',
  },
  mikrotik: {
    dns_servers: 'Servidores DNS',
    ntp_servers: 'Servidores NTP',
    snmp_community: 'Comunidade SNMP',
    syslog_server: 'Servidor syslog',
    admin_users: 'Usuários administradores',
    services_to_disable: 'Serviços a desativar',
    management_vlan: 'VLAN de gerência',
    management_networks: 'Redes de gerência',
  },
  circuit: {
    contract_end_notice_days: 'Aviso antes do fim do contrato (dias)',
  },
};
