import { crudPages, defineEntity, defineModule } from '../kit/define';

export const projectEntity = defineEntity({ entity: 'project', label: 'Projeto', plural: 'Projetos', gender: 'm', webPath: '/project' });
/** A task's record opens on its project's page (the task has no page of its own). */
export const projectTaskEntity = defineEntity({ entity: 'project_task', label: 'Tarefa', plural: 'Tarefas', gender: 'f', link: null });

export const projectModule = defineModule({
  name: 'project',
  label: 'Projetos',
  pages: [
    ...crudPages('/project', 'Projetos', { gate: ['PROJECT'], icon: 'project', create: 'Novo projeto', edit: 'Editar projeto' }),
    { path: '/project/dashboard/:id', title: 'Projetos', page: 'Painel do projeto' },
  ],
  entities: [projectEntity, projectTaskEntity],
});
