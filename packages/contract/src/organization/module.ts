import { crudPages, defineEntity, defineModule } from '../kit/define';

export const organizationEntity = defineEntity({ entity: 'organization', label: 'Organização', plural: 'Organizações', gender: 'f', webPath: '/organization' });

export const organizationModule = defineModule({
  name: 'organization',
  label: 'Organizações',
  pages: [
    ...crudPages('/organization', 'Organizações', { gate: ['ORG'], icon: 'organization', group: 'Administração', create: 'Nova organização', edit: 'Editar organização' }),
  ],
  entities: [organizationEntity],
});
