/**
 * The pt-BR name of every field the revision log shows (the API's audited tables and the keys its
 * audit calls write). A field whose name means something else in one entity is labelled there;
 * the rest share FIELD_LABELS. Settings sections ("warehouse.patrimony_prefix") are named by the
 * organization-settings module.
 */
import { ORGANIZATION_LABELS } from '../organization/organization';
import { USER_LABELS } from '../user/user';
import { FIELD_LABELS } from './revision';

/** Labels that hold in one entity only (entity → field → label). */
export const ENTITY_FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  organization: { ...ORGANIZATION_LABELS, is_platform: 'Organização da plataforma' },
  wiki_page: { path: 'Endereço', body: 'Conteúdo', body_text: 'Texto', created_by: 'Criada por', updated_by: 'Alterada por' },
  schedule_event: { clash_note: 'Mantido apesar de conflito de agenda' },
  notification: { user_id: 'Destinatário', created_by: 'Enviada por' },
  lmx: { position: 'Posição no LMC' },
  patrimony: { mac: 'Endereço MAC' },
  section: { technician_id: 'Técnico (van)' },
  network_union: { state: 'Estado', capacity_mbps: 'Capacidade ativa (Mbps)' },
  webhook: {
    events: 'Eventos',
    secret: 'Segredo de assinatura',
    secret_encrypted: 'Segredo de assinatura',
    consecutive_failures: 'Falhas consecutivas',
    disabled_reason: 'Motivo da desativação',
  },
  api_token: {
    user_id: 'Usuário',
    prefix: 'Prefixo',
    token_hash: 'Segredo',
    expires_at: 'Válido até',
    last_used_at: 'Último uso',
    last_used_ip: 'Endereço do último uso',
    revoked_at: 'Revogado em',
  },
  viability_unit_template: {
    max_distance_m: 'Distância máxima (m)',
    route_factor: 'Fator de rota',
    price_per_meter: 'Custo por metro (R$)',
    drop_reach_m: 'Alcance do drop (m)',
    link_range_m: 'Alcance do enlace (m)',
  },
  viability_plan: { monthly_fee: 'Mensalidade (R$)', installation_fee: 'Taxa de instalação (R$)', contract_months: 'Prazo do contrato (meses)', bandwidth_mbps: 'Velocidade (Mbps)' },
  viability_unit: {
    plan_id: 'Plano',
    custom_monthly_fee: 'Mensalidade personalizada (R$)',
    custom_fee_reason: 'Motivo da mensalidade personalizada',
    line_of_sight_confirmed: 'Visada confirmada',
    line_of_sight_confirmed_at: 'Visada confirmada em',
    line_of_sight_confirmed_by: 'Visada confirmada por',
    carrier: 'Operadora',
    carrier_quote: 'Cotação da operadora',
    carrier_monthly_cost: 'Custo mensal da operadora (R$)',
    carrier_installation_cost: 'Custo de instalação da operadora (R$)',
    redo_reason: 'Proposta a refazer',
    cto_port: 'Porta da CTO',
    cto_id: 'CTO',
  },
};

/** The label of `field` in `entity`, or undefined when none is declared. */
export function revisionFieldLabel(entity: string | undefined, field: string): string | undefined {
  return (entity ? ENTITY_FIELD_LABELS[entity]?.[field] : undefined) ?? FIELD_LABELS[field] ?? USER_LABELS[field];
}

/** "Membros" → "Membro", "Itens" → "Item", "Valores" → "Valor": one of a list, for "Membro 2". */
function singular(label: string): string {
  const [first, ...rest] = label.split(' ');
  const one = first.endsWith('ns')
    ? `${first.slice(0, -2)}m`
    : first.endsWith('ões')
      ? `${first.slice(0, -3)}ão`
      : /[rzs]es$/.test(first)
        ? first.slice(0, -2)
        : first.endsWith('s')
          ? first.slice(0, -1)
          : first;
  return [one, ...rest].join(' ');
}

/**
 * What a reader calls the field at a violation's path: "ended_at" → "Fim", "members.1" → "Membro 2",
 * "items.0.quantity" → "Item 1 › Quantidade". A key without a label stays as it is (better a key than
 * nothing); the whole body is "Registro".
 */
export function fieldPathLabel(path: string, entity?: string): string {
  const parts: string[] = [];
  for (const segment of path.split('.').filter(Boolean)) {
    if (/^\d+$/.test(segment) && parts.length) parts[parts.length - 1] = `${singular(parts[parts.length - 1])} ${Number(segment) + 1}`;
    else parts.push(revisionFieldLabel(entity, segment) ?? segment);
  }
  return parts.length && path !== 'body' ? parts.join(' › ') : 'Registro';
}

/** Violations as one pt-BR sentence for a message or a row's reason: "Fim: Deve ser depois do início; Membro 2: …". */
export const violationsText = (violations: readonly { propertyPath: string; message: string }[], entity?: string) =>
  violations.map((v) => `${fieldPathLabel(v.propertyPath, entity)}: ${v.message}`).join('; ');
