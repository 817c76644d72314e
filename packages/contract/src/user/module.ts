import { defineEntity, defineModule } from '../kit/define';

export const userEntity = defineEntity({ entity: 'user', label: 'Usuário', plural: 'Usuários', gender: 'm', webPath: '/user' });

export const userModule = defineModule({
  name: 'user',
  label: 'Usuários',
  pages: [
    { path: '/user', title: 'Usuários', gate: ['USER'], menu: { label: 'Usuários', icon: 'user', group: 'Administração' } },
    { path: '/user/create', title: 'Usuários', page: 'Novo usuário' },
    { path: '/user/edit/:id', title: 'Usuários', page: 'Editar usuário' },
  ],
  entities: [userEntity],
});
