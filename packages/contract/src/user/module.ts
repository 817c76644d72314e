import { crudPages, defineEntity, defineModule } from '../kit/define';

export const userEntity = defineEntity({ entity: 'user', label: 'Usuário', plural: 'Usuários', gender: 'm', webPath: '/user' });

export const userModule = defineModule({
  name: 'user',
  label: 'Usuários',
  pages: [
    ...crudPages('/user', 'Usuários', { gate: ['USER'], icon: 'user', group: 'Administração', create: 'Novo usuário', edit: 'Editar usuário' }),
  ],
  entities: [userEntity],
});
