import { defineModule } from '../kit/define';

export const projectModule = defineModule({
  name: 'project',
  label: 'Projetos',
  pages: [
    { path: '/project', title: 'Projetos', gate: ['PROJECT'], menu: { label: 'Projetos', icon: 'project', group: '' } },
    { path: '/project/create', title: 'Projetos', page: 'Novo projeto' },
    { path: '/project/edit/:id', title: 'Projetos', page: 'Editar projeto' },
    { path: '/project/dashboard/:id', title: 'Projetos', page: 'Painel do projeto' },
  ],
});
