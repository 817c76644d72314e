import { crudPages, defineEntity, defineModule } from '../kit/define';

export const assistanceTypeEntity = defineEntity({ entity: 'assistance_type', label: 'Tipo de atendimento', plural: 'Tipos de atendimento', gender: 'm', webPath: '/external-activity/assistance-type' });
export const externalActivityEntity = defineEntity({ entity: 'external_activity', label: 'Atividade externa', plural: 'Atividades externas', gender: 'f', webPath: '/external-activity' });

export const externalActivityModule = defineModule({
  name: 'external-activity',
  label: 'Atividades externas',
  pages: [
    ...crudPages('/external-activity', 'Atividades externas', { gate: ['EXTERNAL_ACTIVITY'], icon: 'activity', group: 'Campo', create: 'Nova atividade', edit: 'Editar atividade' }),
    { path: '/external-activity/manage/:id', title: 'Atividades externas', page: 'Gerenciar atividade' },
    ...crudPages('/external-activity/assistance-type', 'Tipos de atendimento', { gate: ['ASSISTANCE_TYPE'], icon: 'assistance', group: 'Campo', create: 'Novo tipo', edit: 'Editar tipo' }),
  ],
  entities: [assistanceTypeEntity, externalActivityEntity],
});
