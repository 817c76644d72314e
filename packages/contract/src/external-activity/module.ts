import { crudPages, defineModule } from '../kit/define';

export const externalActivityModule = defineModule({
  name: 'external-activity',
  label: 'Atividades externas',
  pages: [
    ...crudPages('/external-activity', 'Atividades externas', { gate: ['EXTERNAL_ACTIVITY'], icon: 'activity', group: 'Campo', create: 'Nova atividade', edit: 'Editar atividade' }),
    { path: '/external-activity/manage/:id', title: 'Atividades externas', page: 'Gerenciar atividade' },
    ...crudPages('/external-activity/assistance-type', 'Tipos de atendimento', { gate: ['ASSISTANCE_TYPE'], icon: 'assistance', group: 'Campo', create: 'Novo tipo', edit: 'Editar tipo' }),
  ],
});
