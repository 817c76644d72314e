/** Read shapes of projects and tasks: people as `{id, name}` (their nickname), the unit and the project as references. */
import { count, inArray } from 'drizzle-orm';
import type { ProjectRead, ProjectTaskRead } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { byIds, plainPresent } from '../../core/resource';
import { personRefs, refOf } from '../../core/rows';
import { unitRefs } from '../../core/unit-refs';
import { projectTasks, projects } from './schema';

type ProjectRow = typeof projects.$inferSelect;
type TaskRow = typeof projectTasks.$inferSelect;

const person = (p: { id: number; name: string } | null) => (p ? { id: p.id, name: p.name } : null);

export async function presentProjects(rows: ProjectRow[], db: DbOrTx): Promise<ProjectRead[]> {
  const people = await personRefs(db, rows.map((r) => r.manager_id));
  const units = await unitRefs(db, rows.map((r) => r.unit_organizational_id));
  const ids = rows.map((r) => r.id);
  const counted = ids.length ? await db.select({ id: projectTasks.project_id, n: count() }).from(projectTasks).where(inArray(projectTasks.project_id, ids)).groupBy(projectTasks.project_id) : [];
  const tasks = new Map(counted.map((c) => [c.id, c.n]));
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    return { ...r, manager: person(refOf(people, row.manager_id)), unit_organizational: units.of(row.unit_organizational_id), task_count: tasks.get(row.id) ?? 0 } as ProjectRead;
  });
}

export async function presentTasks(rows: TaskRow[], db: DbOrTx): Promise<ProjectTaskRead[]> {
  const people = await personRefs(db, rows.map((r) => r.assignee_id));
  const owners = await byIds(db, projects, rows.map((r) => r.project_id));
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    const p = owners.get(row.project_id);
    return { ...r, project: p ? { id: p.id, code: p.code, name: p.name } : null, assignee: person(refOf(people, row.assignee_id)) } as ProjectTaskRead;
  });
}
