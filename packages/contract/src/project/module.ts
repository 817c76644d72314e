import { crudPages, defineModule } from '../kit/define';

export const projectModule = defineModule({
  name: 'project',
  label: 'Projetos',
  pages: [
    ...crudPages('/project', 'Projetos', { gate: ['PROJECT'], icon: 'project', create: 'Novo projeto', edit: 'Editar projeto' }),
    { path: '/project/dashboard/:id', title: 'Projetos', page: 'Painel do projeto' },
  ],
});
