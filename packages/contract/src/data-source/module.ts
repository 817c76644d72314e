import { crudPages, defineEntity, defineModule } from '../kit/define';

export const dataSourceEntity = defineEntity({ entity: 'data_source', label: 'Fonte de dados', plural: 'Fontes de dados', gender: 'f', webPath: '/organization-settings/data-source' });

export const dataSourceModule = defineModule({
  name: 'data-source',
  label: 'Fontes de dados',
  pages: crudPages('/organization-settings/data-source', 'Configurações da organização', { gate: ['DATA_SOURCE'], list: 'Fontes de dados', create: 'Nova fonte de dados', edit: 'Editar fonte de dados' }),
  entities: [dataSourceEntity],
});
