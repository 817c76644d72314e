import { z } from 'zod';
import { enumOf, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { whenValid } from '../kit/cross-field';
import { defineResource } from '../kit/define';
import { dateOnly, money } from '../kit/validators';
import { code, id, optionalText, queryId, ref, refCode } from '../warehouse';
import { projectEntity, projectTaskEntity } from './module';

/** Projects (DESIGN §4): code, manager, dates, budget, status, tasks. */
export const PROJECT_STATUS_LABELS = { planejamento: 'Planejamento', em_andamento: 'Em andamento', pausado: 'Pausado', concluido: 'Concluído', cancelado: 'Cancelado' } as const;
export const PROJECT_STATUSES = enumOf(PROJECT_STATUS_LABELS);
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const TASK_STATUS_LABELS = { a_fazer: 'A fazer', em_andamento: 'Em andamento', bloqueada: 'Bloqueada', concluida: 'Concluída' } as const;
export const TASK_STATUSES = enumOf(TASK_STATUS_LABELS);
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const PERIOD_END_BEFORE_START = 'O término deve ser igual ou posterior ao início';
/** `end` on or after `start` (dates `AAAA-MM-DD` compare as text). */
export const periodInOrder =
  <S extends string, E extends string>(start: S, end: E) =>
  (v: Partial<Record<S | E, string | null | undefined>>, ctx: z.RefinementCtx) => {
    const a = v[start];
    const b = v[end];
    if (a && b && b < a) ctx.addIssue({ code: 'custom', message: PERIOD_END_BEFORE_START, path: [end] });
  };

/**
 * `periodInOrder` checked with the other fields rather than after them (every violation in one
 * answer, in one form submit): `schema.superRefine(...periodRule('starts_on', 'ends_on'))`.
 */
export const periodRule = <S extends string, E extends string>(start: S, end: E) => [periodInOrder(start, end), whenValid(start, end)] as const;

export const projectInput = z.object({
  code: code('do projeto'),
  name: z.string().trim().min(1, 'Informe o nome').max(200, 'Nome longo demais'),
  client: optionalText(200),
  manager_id: id,
  unit_organizational_id: id,
  starts_on: dateOnly,
  ends_on: dateOnly,
  /** BRL, up to 2 decimal places. */
  budget: money.refine((v) => !v.startsWith('-'), 'O orçamento não pode ser negativo').nullable().optional(),
  status: z.enum(PROJECT_STATUSES, { message: 'Situação inválida' }).default('planejamento'),
  description: optionalText(4000),
});
export const projectCreate = projectInput.superRefine(...periodRule('starts_on', 'ends_on'));
export const projectUpdate = updateOf(projectInput).superRefine(...periodRule('starts_on', 'ends_on'));
export type ProjectInput = z.input<typeof projectInput>;

export const projectRead = tenantRecord({
  code: z.string(),
  name: z.string(),
  client: z.string().nullable(),
  manager_id: z.number(),
  manager: ref.nullable(),
  unit_organizational_id: z.number(),
  unit_organizational: ref.nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  budget: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  description: z.string().nullable(),
  task_count: z.number(),
});
export type ProjectRead = z.infer<typeof projectRead>;

export const projectListQuery = listQuery.extend({ status: z.enum(PROJECT_STATUSES).optional(), manager: queryId, unit: queryId });

export const projectResource = defineResource({
  ...projectEntity,
  apiPath: '/project',
  permission: 'PROJECT',
  tenancy: 'organization',
  schemas: { read: projectRead, create: projectCreate, update: projectUpdate, query: projectListQuery },
});

export const projectTaskInput = z.object({
  project_id: id,
  title: z.string().trim().min(1, 'Informe o título').max(200, 'Título longo demais'),
  assignee_id: id.nullable().optional(),
  starts_on: dateOnly,
  due_on: dateOnly,
  progress: z.number({ message: 'Informe o progresso' }).int('Use um número inteiro').min(0, 'Progresso entre 0 e 100').max(100, 'Progresso entre 0 e 100').default(0),
  status: z.enum(TASK_STATUSES, { message: 'Situação inválida' }).default('a_fazer'),
  /** Tasks of the same project this one waits for; a cycle is refused (422). */
  depends_on: z.array(id).max(50, 'No máximo 50 dependências').default([]),
  milestone: z.boolean().default(false),
});
export const projectTaskCreate = projectTaskInput.superRefine(...periodRule('starts_on', 'due_on'));
/** A task stays in its project. */
export const projectTaskUpdate = updateOf(projectTaskInput.omit({ project_id: true })).superRefine(...periodRule('starts_on', 'due_on'));
export type ProjectTaskInput = z.input<typeof projectTaskInput>;

export const projectTaskRead = tenantRecord({
  project_id: z.number(),
  project: refCode.nullable(),
  title: z.string(),
  assignee_id: z.number().nullable(),
  assignee: ref.nullable(),
  starts_on: z.string(),
  due_on: z.string(),
  progress: z.number(),
  status: z.enum(TASK_STATUSES),
  depends_on: z.array(z.number()),
  milestone: z.boolean(),
});
export type ProjectTaskRead = z.infer<typeof projectTaskRead>;

export const projectTaskListQuery = listQuery.extend({
  project: queryId,
  status: z.enum(TASK_STATUSES).optional(),
  assignee: queryId,
  milestone: queryBoolean.optional(),
});

export const projectTaskResource = defineResource({
  ...projectTaskEntity,
  apiPath: '/project/task',
  permission: 'PROJECT',
  tenancy: 'organization',
  schemas: { read: projectTaskRead, create: projectTaskCreate, update: projectTaskUpdate, query: projectTaskListQuery },
});

/** The external activities linked to a project (`/api/project/{id}/activity`). */
export const projectActivityInput = z.object({ activity_id: id });
export const projectActivityRead = z.object({
  id: z.number(),
  code: z.string(),
  client_name: z.string(),
  status: z.string(),
  assistance_type: ref.extend({ color: z.string() }),
  scheduled_start: z.string().nullable(),
  scheduled_end: z.string().nullable(),
  /** Visit cost plus materials at product price; "0.00" when cancelled. */
  cost: z.string(),
});
export type ProjectActivityRead = z.infer<typeof projectActivityRead>;

/** `GET /api/project/{id}/dashboard`. Money as decimal strings with 2 places. */
export const projectDashboard = z.object({
  /** 0–100, tasks weighted by their duration in days. */
  progress: z.number(),
  task_count: z.number(),
  tasks_by_status: z.array(z.object({ status: z.enum(TASK_STATUSES), count: z.number() })),
  late_tasks: z.array(z.object({ id: z.number(), title: z.string(), due_on: z.string(), status: z.enum(TASK_STATUSES), assignee: ref.nullable() })),
  next_milestones: z.array(z.object({ id: z.number(), title: z.string(), due_on: z.string(), status: z.enum(TASK_STATUSES) })),
  cost: z.object({
    total: z.string(),
    materials: z.string(),
    activities: z.string(),
    budget: z.string().nullable(),
    /** Cumulative cost at each date something cost (`AAAA-MM-DD`). */
    by_date: z.array(z.object({ date: z.string(), cumulative: z.string() })),
  }),
  activities: z.array(projectActivityRead),
});
export type ProjectDashboard = z.infer<typeof projectDashboard>;

/** An activity the project page may link (`GET /api/project/{id}/activity-options`). */
export const projectActivityOption = z.object({ id: z.number(), code: z.string(), client_name: z.string(), status: z.string() });
export type ProjectActivityOption = z.infer<typeof projectActivityOption>;
