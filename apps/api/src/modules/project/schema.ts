import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ProjectStatus, TaskStatus } from '@operacoes/contract';
import { searchIndex, tenantColumns, unitsOrganizational, users } from '../../core/schema';
import { externalActivities } from '../external-activity';

/** A project: code unique per organization, manager, dates, budget (BRL) and status. */
export const projects = pgTable(
  'project',
  {
    ...tenantColumns(),
    code: text().notNull(),
    name: text().notNull(),
    client: text(),
    manager_id: integer()
      .notNull()
      .references((): AnyPgColumn => users.id),
    unit_organizational_id: integer()
      .notNull()
      .references((): AnyPgColumn => unitsOrganizational.id),
    starts_on: date({ mode: 'string' }).notNull(),
    ends_on: date({ mode: 'string' }).notNull(),
    budget: numeric({ precision: 14, scale: 2 }),
    status: text().$type<ProjectStatus>().notNull().default('planejamento'),
    description: text(),
  },
  (t) => [
    uniqueIndex('project_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('project_org_idx').on(t.organization_id, t.id),
    searchIndex('project', t),
    check('project_status_check', sql`${t.status} in ('planejamento', 'em_andamento', 'pausado', 'concluido', 'cancelado')`),
    check('project_period_check', sql`${t.ends_on} >= ${t.starts_on}`),
  ],
);

/** A task of a project; `depends_on` names tasks of the same project (no cycles: checked on write). */
export const projectTasks = pgTable(
  'project_task',
  {
    ...tenantColumns(),
    project_id: integer()
      .notNull()
      .references((): AnyPgColumn => projects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    assignee_id: integer().references((): AnyPgColumn => users.id),
    starts_on: date({ mode: 'string' }).notNull(),
    due_on: date({ mode: 'string' }).notNull(),
    progress: integer().notNull().default(0),
    status: text().$type<TaskStatus>().notNull().default('a_fazer'),
    depends_on: integer().array().notNull().default(sql`'{}'::integer[]`),
    milestone: boolean().notNull().default(false),
  },
  (t) => [
    index('project_task_project_idx').on(t.project_id, t.starts_on),
    index('project_task_org_idx').on(t.organization_id, t.id),
    searchIndex('project_task', t),
    check('project_task_status_check', sql`${t.status} in ('a_fazer', 'em_andamento', 'bloqueada', 'concluida')`),
    check('project_task_progress_check', sql`${t.progress} between 0 and 100`),
    check('project_task_period_check', sql`${t.due_on} >= ${t.starts_on}`),
  ],
);

/** External activities done for a project: their visits and materials count in its cost. */
export const projectActivities = pgTable(
  'project_activity',
  {
    project_id: integer()
      .notNull()
      .references((): AnyPgColumn => projects.id, { onDelete: 'cascade' }),
    activity_id: integer()
      .notNull()
      .references((): AnyPgColumn => externalActivities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.project_id, t.activity_id] }), index('project_activity_activity_idx').on(t.activity_id)],
);
