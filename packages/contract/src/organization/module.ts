import { defineEntity, defineModule } from '../kit/define';

export const organizationEntity = defineEntity({ entity: 'organization', label: 'Organização', plural: 'Organizações', gender: 'f', webPath: '/organization' });

export const organizationModule = defineModule({
  name: 'organization',
  label: 'Organizações',
  pages: [
    { path: '/organization', title: 'Organizações', gate: ['ORG'], menu: { label: 'Organizações', icon: 'organization', group: 'Administração' } },
    { path: '/organization/create', title: 'Organizações', page: 'Nova organização' },
    { path: '/organization/edit/:id', title: 'Organizações', page: 'Editar organização' },
  ],
  entities: [organizationEntity],
});
