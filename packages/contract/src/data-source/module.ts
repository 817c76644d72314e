import { defineEntity, defineModule } from '../kit/define';

export const dataSourceEntity = defineEntity({ entity: 'data_source', label: 'Fonte de dados', plural: 'Fontes de dados', gender: 'f', webPath: '/organization-settings/data-source' });

export const dataSourceModule = defineModule({
  name: 'data-source',
  label: 'Fontes de dados',
  pages: [
    { path: '/organization-settings/data-source', title: 'Configurações da organização', page: 'Fontes de dados', gate: ['DATA_SOURCE'] },
    { path: '/organization-settings/data-source/create', title: 'Configurações da organização', page: 'Nova fonte de dados' },
    { path: '/organization-settings/data-source/edit/:id', title: 'Configurações da organização', page: 'Editar fonte de dados' },
  ],
  entities: [dataSourceEntity],
});
