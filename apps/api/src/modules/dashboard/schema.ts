import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { DashboardFigures } from '@operacoes/contract';
import { organizations } from '../../core/schema';

/**
 * Each organization's key figures as the periodic job last computed them: a dashboard reads one
 * row instead of months of orders, every circuit's SLA and every item on hand, and every API
 * process answers the same figures.
 */
export const dashboardFigures = pgTable('dashboard_figures', {
  organization_id: integer()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  figures: jsonb().$type<DashboardFigures>().notNull(),
  computed_at: timestamp({ withTimezone: true }).notNull(),
});
