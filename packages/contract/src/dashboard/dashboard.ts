/**
 * The dashboard's answer (`GET /api/dashboard`): "O que precisa de mim agora" — one card per
 * thing waiting for the user, only the cards their permissions allow — and the organization's key
 * figures for managers. One request carries everything; the web refreshes it on realtime events.
 */
import { z } from 'zod';

/** The cards, in the order the page shows them, with their pt-BR words. */
export const DASHBOARD_CARDS = {
  patrimony_requests: { title: 'Solicitações de patrimônio', one: 'solicitação aguarda você', many: 'solicitações aguardam você', linkLabel: 'Ver solicitações' },
  shipment_requests: { title: 'Solicitações de envio', one: 'solicitação de envio aguarda aprovação', many: 'solicitações de envio aguardam aprovação', linkLabel: 'Ver solicitações de envio' },
  activities_today: { title: 'Minhas atividades de hoje', one: 'atividade para hoje', many: 'atividades para hoje', linkLabel: 'Ver atividades' },
  activities_breached: { title: 'Minhas atividades com SLA estourado', one: 'atividade com prazo vencido', many: 'atividades com prazo vencido', linkLabel: 'Ver atividades' },
  receiving: { title: 'Para confirmar recebimento', one: 'item ou envio para confirmar', many: 'itens ou envios para confirmar', linkLabel: 'Ver meus patrimônios' },
  circuits_down: { title: 'Circuitos de operadora fora do ar', one: 'circuito fora do ar agora', many: 'circuitos fora do ar agora', linkLabel: 'Ver circuitos' },
  below_minimum: { title: 'Produtos abaixo do mínimo', one: 'produto abaixo do estoque mínimo', many: 'produtos abaixo do estoque mínimo', linkLabel: 'Ver produtos' },
} as const;
export type DashboardCardKey = keyof typeof DASHBOARD_CARDS;
export const DASHBOARD_CARD_KEYS = Object.keys(DASHBOARD_CARDS) as [DashboardCardKey, ...DashboardCardKey[]];

/** How many items a card lists (its count covers every one). */
export const DASHBOARD_TOP_ITEMS = 5;

export const dashboardItem = z.object({
  /** Unique within the card ("p12", "s3"…): items of two kinds share a card. */
  key: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  link: z.string().nullable(),
  /** Breached, down or late: shown in red. */
  alert: z.boolean(),
});
export type DashboardItem = z.infer<typeof dashboardItem>;

export const dashboardCard = z.object({
  key: z.enum(DASHBOARD_CARD_KEYS),
  count: z.number().int().nonnegative(),
  /** ok: nothing waiting; warning: waiting (amber); danger: something breached or down (red). */
  tone: z.enum(['ok', 'warning', 'danger']),
  items: z.array(dashboardItem),
  /** The list page, filtered where the page takes a filter in its address. */
  link: z.string(),
});
export type DashboardCard = z.infer<typeof dashboardCard>;

/**
 * The key figures (each null when the user may not see it). They cover the whole organization and
 * are computed at most once a minute per organization (`computed_at`).
 */
export const dashboardFigures = z.object({
  computed_at: z.string(),
  /** Work orders opened since Monday 00:00 (São Paulo), and per day over the last 14 days. */
  activities_week: z.number().int().nullable(),
  activities_per_day: z.array(z.object({ date: z.string(), count: z.number().int() })).nullable(),
  /** Of the work orders concluded this month, the share finished by their due time; null when none. */
  sla_compliance_percent: z.number().nullable(),
  activities_concluded_month: z.number().int().nullable(),
  /** The month's availability of every circuit together (downtime over circuit-minutes, as the SLA report counts it). */
  circuit_availability_percent: z.number().nullable(),
  circuits_breached: z.number().int().nullable(),
  circuits: z.number().int().nullable(),
  /** Σ price × quantity on hand: consumable balances and patrimony items available or reserved, "1234.50". */
  stock_value: z.string().nullable(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardRead = z.object({
  cards: z.array(dashboardCard),
  figures: dashboardFigures.nullable(),
});
export type DashboardRead = z.infer<typeof dashboardRead>;
