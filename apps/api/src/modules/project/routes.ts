/**
 * Projects: projects and their tasks through the kit, the task dependency rule (no
 * cycles), the external activities linked to a project, and its dashboard (progress, tasks,
 * milestones, cost against the budget). Money is summed in SQL `numeric`, answered as strings.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, like, ne, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PERIOD_END_BEFORE_START,
  idParam,
  periodRule,
  projectActivityInput,
  projectActivityOption,
  projectActivityRead,
  projectCreate,
  projectDashboard,
  projectEntity,
  projectInput,
  projectResource,
  projectTaskInput,
  projectTaskRead,
  projectTaskResource,
  projectUpdate,
  unitOrganizationalEntity,
  userEntity,
} from '@operacoes/contract';
import { userOf } from '../../core/access';
import { afterCommit, registerAfterCommit } from '../../core/after-commit';
import { audit } from '../../core/audit';
import { localToday } from '../../core/dates';
import { recordTimeZone } from '../../core/time-zone';
import type { DbOrTx } from '../../core/db';
import { HttpError, notFound, unprocessable } from '../../core/errors';
import { equalsGiven, searchPatterns, searchText } from '../../core/list';
import { notify } from '../../core/notify';
import { registerPeopleRoute } from '../../core/people';
import { findVisible, sqlList } from '../../core/resource';
import { defineApiResource, ownRoutes } from '../../core/resource-kit';
import { personRefs, refOf } from '../../core/rows';
import { unitsOrganizational, users } from '../../core/schema';
import { activityUnitCondition, externalActivities } from '../external-activity';
import { movements, patrimonySolicitations } from '../warehouse';
import { activityCosts, projectCost, projectProgress } from './cost';
import { presentProjects, presentTasks } from './present';
import { projectActivities, projectTasks, projects } from './schema';

type TaskRow = typeof projectTasks.$inferSelect;

/** `"A" → "B" → "A"`: the first cycle through `start` once its dependencies are `deps`, or null. */
export function cycleThrough(tasks: Pick<TaskRow, 'id' | 'title' | 'depends_on'>[], start: number, deps: number[]): string[] | null {
  const graph = new Map(tasks.map((t) => [t.id, t.id === start ? deps : t.depends_on]));
  const title = new Map(tasks.map((t) => [t.id, t.title]));
  const seen = new Set<number>();
  const path: number[] = [];
  const walk = (id: number): number[] | null => {
    if (id === start && path.length) return [...path, id];
    if (seen.has(id)) return null;
    seen.add(id);
    path.push(id);
    for (const next of graph.get(id) ?? []) {
      const found = walk(next);
      if (found) return found;
    }
    path.pop();
    return null;
  };
  const cycle = walk(start);
  return cycle ? cycle.map((id) => `"${title.get(id) ?? `#${id}`}"`) : null;
}

/** The dependencies of a task: tasks of its own project, not itself, without a cycle (422 naming it). */
async function checkedDependencies(tx: DbOrTx, projectId: number, taskId: number | undefined, wanted: number[]): Promise<number[]> {
  const deps = [...new Set(wanted)];
  if (taskId !== undefined && deps.includes(taskId)) throw unprocessable([{ propertyPath: 'depends_on', message: 'Uma tarefa não pode depender de si mesma' }]);
  // The project's row lock serialises edits of its dependency graph.
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  const tasks = await tx.select({ id: projectTasks.id, title: projectTasks.title, depends_on: projectTasks.depends_on }).from(projectTasks).where(eq(projectTasks.project_id, projectId));
  const ids = new Set(tasks.map((t) => t.id));
  const strangers = deps.filter((d) => !ids.has(d));
  if (strangers.length) throw unprocessable([{ propertyPath: 'depends_on', message: `Tarefa${strangers.length > 1 ? 's' : ''} de dependência não encontrada${strangers.length > 1 ? 's' : ''} neste projeto: ${strangers.map((s) => `#${s}`).join(', ')}` }]);
  // A new task has no dependents yet: only an edit can close a cycle.
  if (taskId !== undefined) {
    const cycle = cycleThrough(tasks, taskId, deps);
    if (cycle) throw unprocessable([{ propertyPath: 'depends_on', message: `Dependência circular: ${cycle.join(' → ')}. Remova uma das dependências.` }]);
  }
  return deps;
}

const projectLink = (id: number) => `/project/edit/${id}`;

/** A PUT carries one date or both: the period it leaves (with the row's other date) must be in order (422 on `end`). */
function checkPeriod(values: Record<string, unknown>, existing: Record<string, unknown> | undefined, start: string, end: string) {
  const a = (values[start] ?? existing?.[start]) as string | undefined;
  const b = (values[end] ?? existing?.[end]) as string | undefined;
  if (a && b && b < a) throw unprocessable([{ propertyPath: end, message: PERIOD_END_BEFORE_START }]);
}

/** A project of `organizationId` other than `exceptId` already has this code (the unique index compares it in lower case). */
async function codeTaken(db: DbOrTx, organizationId: number, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.organization_id, organizationId), sql`lower(${projects.code}) = lower(${code})`, exceptId === undefined ? undefined : ne(projects.id, exceptId)))
    .limit(1);
  return !!row;
}

/**
 * Every fault of a project's create or edit in one 422: the body's violations with a code already
 * used (the validator answered the first ones, the unique index the code only once the rest was
 * fixed). A body whose only fault is the code is left to the index (409, race-free).
 */
async function projectViolations(req: FastifyRequest, db: DbOrTx): Promise<void> {
  const route = req.routeOptions.url;
  const create = req.method === 'POST' && route === '/api/project';
  if (!create && !(req.method === 'PUT' && route === '/api/project/:id')) return;
  const parsed = (create ? projectCreate : projectUpdate).safeParse(req.body);
  if (parsed.success) return;
  const violations = parsed.error.issues.map((i) => ({ propertyPath: i.path.map(String).join('.'), message: i.message }));
  const code = projectInput.shape.code.safeParse((req.body as { code?: unknown } | null)?.code);
  if (code.success && !violations.some((v) => v.propertyPath === 'code')) {
    const user = userOf(req);
    const id = create ? undefined : Number((req.params as { id?: unknown }).id);
    const [row] = id === undefined ? [] : await db.select({ organization_id: projects.organization_id }).from(projects).where(eq(projects.id, id));
    // Another organization's project is not looked into (the route answers 404 for it).
    const organizationId = create ? user.organizationId : row && (user.superAdmin || row.organization_id === user.organizationId) ? row.organization_id : undefined;
    if (organizationId !== undefined && (await codeTaken(db, organizationId, code.data, id))) violations.push({ propertyPath: 'code', message: 'Já está em uso' });
  }
  throw unprocessable(violations);
}

/** `/api/project`, `/api/project/task`, `/api/project/{id}/task|activity|dashboard`. */
export async function projectRoutes(fastify: FastifyInstance) {
  registerAfterCommit(fastify);
  fastify.addHook('preValidation', (req) => projectViolations(req, fastify.db));
  const projectDef = defineApiResource(fastify, projectResource, {
    table: projects,
    defaultSort: [asc(projects.code), asc(projects.id)],
    filters: (q) => equalsGiven(q, { status: projects.status, manager: projects.manager_id, unit: projects.unit_organizational_id }),
    searchOf: (r) => searchText(r.code as string, r.name as string, r.client as string),
    refs: {
      unit_organizational_id: { table: unitsOrganizational, noun: unitOrganizationalEntity, owner: true },
      manager_id: { table: users, noun: userEntity },
    },
    unique: { code: 'o código' },
    unitScope: (ids) => sql`${projects.unit_organizational_id} in (${sqlList(ids)})`,
    unitField: 'unit_organizational_id',
    present: (rows, db) => presentProjects(rows as never, db),
    guardDelete: [
      [movements, movements.project_id, 'movimentação de almoxarifado', 'movimentações de almoxarifado'],
      [patrimonySolicitations, patrimonySolicitations.destination_project_id, 'solicitação de retirada', 'solicitações de retirada'],
    ],
    toValues(values, _ctx, existing) {
      checkPeriod(values, existing, 'starts_on', 'ends_on');
      return values;
    },
  });

  defineApiResource(fastify, projectTaskResource, {
    table: projectTasks,
    defaultSort: [asc(projectTasks.starts_on), asc(projectTasks.id)],
    filters: (q) => [
      ...equalsGiven(q, { project: projectTasks.project_id, status: projectTasks.status, assignee: projectTasks.assignee_id }),
      q.milestone !== undefined ? eq(projectTasks.milestone, q.milestone) : undefined,
    ],
    searchOf: (r) => searchText(r.title as string),
    // A task is its project's unit's.
    unitScope: (ids) => sql`${projectTasks.project_id} in (select p.id from project p where p.unit_organizational_id in (${sqlList(ids)}))`,
    unitField: 'project_id',
    present: (rows, db) => presentTasks(rows as never, db),
    refs: {
      project_id: { table: projects, noun: projectEntity, owner: true, show: ['id', 'code', 'name'] },
      assignee_id: { table: users, noun: userEntity },
    },
    async toValues(values, { tx }, existing) {
      checkPeriod(values, existing, 'starts_on', 'due_on');
      const projectId = (existing?.project_id ?? values.project_id) as number;
      if (Array.isArray(values.depends_on)) values.depends_on = await checkedDependencies(tx, projectId, existing?.id, values.depends_on as number[]);
      // A concluded task is done: its progress is 100.
      if (values.status === 'concluida') values.progress = 100;
      return values;
    },
    async afterWrite(row, _input, { tx, user, app }, existing) {
      const task = row as unknown as TaskRow;
      if (!task.assignee_id || task.assignee_id === existing?.assignee_id || task.assignee_id === user.id) return;
      const [project] = await tx.select({ code: projects.code, name: projects.name }).from(projects).where(eq(projects.id, task.project_id));
      const deliver = await notify(app, tx, [task.assignee_id], `Tarefa atribuída a você: ${task.title}`, `Projeto ${project.code} · ${project.name}`, projectLink(task.project_id), user);
      afterCommit(user, deliver);
    },
    async onDelete(row, { tx }) {
      // Tasks that waited for this one no longer do.
      await tx
        .update(projectTasks)
        .set({ depends_on: sql`array_remove(${projectTasks.depends_on}, ${row.id}::integer)` })
        .where(and(eq(projectTasks.project_id, row.project_id as number), sql`${row.id}::integer = any(${projectTasks.depends_on})`));
      return undefined;
    },
  });

  const { app, read: readAccess, write: writeAccess } = ownRoutes(fastify, projectResource);
  const tags = ['project'];

  app.get(
    '/project/:id/task',
    { config: { access: readAccess }, schema: { tags, operationId: 'listProjectTasksOfProject', summary: 'Tarefas do projeto', description: 'Todas as tarefas do projeto (lista e cronograma), por início.', params: idParam, response: { 200: z.array(projectTaskRead) } } },
    async (req) => {
      const user = userOf(req);
      const project = await findVisible<typeof projects.$inferSelect>(projectDef, app.db, user, req.params.id);
      const rows = await app.db.select().from(projectTasks).where(eq(projectTasks.project_id, project.id)).orderBy(asc(projectTasks.starts_on), asc(projectTasks.id)).limit(1000);
      return presentTasks(rows, app.db);
    },
  );

  app.post(
    '/project/:id/task',
    {
      config: { access: writeAccess },
      schema: {
        tags,
        operationId: 'createTaskOfProject',
        summary: 'Criar uma tarefa no projeto',
        description: 'O mesmo que `POST /api/project/task`, com o projeto do caminho (mesmas regras: datas, dependências sem ciclo, aviso ao responsável).',
        params: idParam,
        body: projectTaskInput.omit({ project_id: true }).superRefine(...periodRule('starts_on', 'due_on')),
        response: { 201: projectTaskRead },
      },
    },
    async (req, reply) => {
      await findVisible(projectDef, app.db, userOf(req), req.params.id);
      // The kit's create, as it is (validation, audit, notifications): one rule set for both paths.
      const res = await app.inject({ method: 'POST', url: '/api/project/task', headers: { authorization: req.headers.authorization ?? '' }, payload: { ...(req.body as object), project_id: req.params.id } });
      const body = res.json();
      if (res.statusCode !== 201) throw new HttpError(res.statusCode, body.message, body.violations);
      reply.status(201);
      return body;
    },
  );

  app.get(
    '/project/:id/activity',
    { config: { access: readAccess }, schema: { tags, operationId: 'listProjectActivities', summary: 'Atividades externas do projeto', description: 'As atividades vinculadas, com o custo de cada uma (visita + materiais).', params: idParam, response: { 200: z.array(projectActivityRead) } } },
    async (req) => {
      const project = await findVisible<typeof projects.$inferSelect>(projectDef, app.db, userOf(req), req.params.id);
      return activityCosts(app.db, project.id);
    },
  );

  app.get(
    '/project/:id/activity-options',
    {
      config: { access: readAccess },
      schema: {
        tags,
        operationId: 'listProjectActivityOptions',
        summary: 'Atividades externas que podem ser vinculadas',
        description: 'Atividades da organização do projeto, não canceladas e ainda não vinculadas a ele.',
        params: idParam,
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
        response: { 200: z.array(projectActivityOption) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const project = await findVisible<typeof projects.$inferSelect>(projectDef, app.db, user, req.params.id);
      const linked = app.db.select({ id: projectActivities.activity_id }).from(projectActivities).where(eq(projectActivities.project_id, project.id));
      return app.db
        .select({ id: externalActivities.id, code: externalActivities.code, client_name: externalActivities.client_name, status: externalActivities.status })
        .from(externalActivities)
        .where(
          and(
            eq(externalActivities.organization_id, project.organization_id),
            sql`${externalActivities.status} <> 'cancelada'`,
            notInArray(externalActivities.id, linked),
            activityUnitCondition(user),
            ...searchPatterns(req.query.search).map((w) => like(externalActivities.search_text, w)),
          ),
        )
        .orderBy(sql`${externalActivities.id} desc`)
        .limit(30);
    },
  );

  app.post(
    '/project/:id/activity',
    {
      config: { access: writeAccess },
      schema: { tags, operationId: 'linkProjectActivity', summary: 'Vincular uma atividade externa ao projeto', params: idParam, body: projectActivityInput, response: { 201: z.array(projectActivityRead) } },
    },
    async (req, reply) => {
      const user = userOf(req);
      await app.db.transaction(async (tx) => {
        const project = await findVisible<typeof projects.$inferSelect>(projectDef, tx, user, req.params.id, true);
        const [activity] = await tx
          .select({ id: externalActivities.id, code: externalActivities.code })
          .from(externalActivities)
          .where(and(eq(externalActivities.id, req.body.activity_id), eq(externalActivities.organization_id, project.organization_id), activityUnitCondition(user)));
        if (!activity) throw unprocessable([{ propertyPath: 'activity_id', message: 'Atividade externa não encontrada nesta organização.' }]);
        const added = await tx.insert(projectActivities).values({ project_id: project.id, activity_id: activity.id }).onConflictDoNothing().returning();
        if (added.length) await audit(tx, user, { entity: 'project', entityId: project.id, organizationId: project.organization_id, action: 'update', before: { activity_linked: null }, after: { activity_linked: activity.code } });
      });
      reply.status(201);
      return activityCosts(app.db, req.params.id);
    },
  );

  app.delete(
    '/project/:id/activity/:activityId',
    {
      config: { access: writeAccess },
      schema: { tags, operationId: 'unlinkProjectActivity', summary: 'Desvincular uma atividade externa do projeto', params: idParam.extend({ activityId: z.coerce.number().int().positive() }), response: { 200: z.array(projectActivityRead) } },
    },
    async (req) => {
      const user = userOf(req);
      await app.db.transaction(async (tx) => {
        const project = await findVisible<typeof projects.$inferSelect>(projectDef, tx, user, req.params.id, true);
        const removed = await tx.delete(projectActivities).where(and(eq(projectActivities.project_id, project.id), eq(projectActivities.activity_id, req.params.activityId))).returning();
        if (!removed.length) throw notFound({ label: 'Atividade vinculada', gender: 'f' });
        await audit(tx, user, { entity: 'project', entityId: project.id, organizationId: project.organization_id, action: 'update', before: { activity_unlinked: req.params.activityId }, after: { activity_unlinked: null } });
      });
      return activityCosts(app.db, req.params.id);
    },
  );

  registerPeopleRoute(app, {
    url: '/project/people',
    access: readAccess,
    tag: 'project',
    operationId: 'listProjectPeople',
    summary: 'Pessoas para gerente e responsáveis',
    description: 'Usuários ativos da organização (gerente do projeto, responsáveis pelas tarefas), ou os de `ids`.',
  });

  app.get(
    '/project/:id/dashboard',
    {
      config: { access: readAccess },
      schema: {
        tags,
        operationId: 'getProjectDashboard',
        summary: 'Painel do projeto',
        description: 'Progresso (ponderado pela duração das tarefas), tarefas por situação, atrasadas e próximos marcos, custo acumulado contra o orçamento e as atividades.',
        params: idParam,
        response: { 200: projectDashboard },
      },
    },
    async (req) => {
      const project = await findVisible<typeof projects.$inferSelect>(projectDef, app.db, userOf(req), req.params.id);
      // The project's own clock: its unit's zone when the unit overrides the organization's.
      const zone = await recordTimeZone(app.db, { organization_id: project.organization_id, unit_id: project.unit_organizational_id });
      const today = localToday(zone);
      const tasks = await app.db.select().from(projectTasks).where(eq(projectTasks.project_id, project.id)).orderBy(asc(projectTasks.due_on), asc(projectTasks.id));
      const people = await personRefs(app.db, tasks.map((t) => t.assignee_id));
      const late = tasks.filter((t) => t.due_on < today && t.status !== 'concluida');
      return {
        progress: await projectProgress(app.db, project.id),
        task_count: tasks.length,
        tasks_by_status: (['a_fazer', 'em_andamento', 'bloqueada', 'concluida'] as const).map((status) => ({ status, count: tasks.filter((t) => t.status === status).length })),
        late_tasks: late.map((t) => ({ id: t.id, title: t.title, due_on: t.due_on, status: t.status, assignee: refOf(people, t.assignee_id) })),
        next_milestones: tasks.filter((t) => t.milestone && t.status !== 'concluida').slice(0, 5).map((t) => ({ id: t.id, title: t.title, due_on: t.due_on, status: t.status })),
        cost: { ...(await projectCost(app.db, project.id, zone)), budget: project.budget },
        activities: await activityCosts(app.db, project.id),
      };
    },
  );
}
