import { defineModule } from '../kit/define';

export const externalActivityModule = defineModule({
  name: 'external-activity',
  label: 'Atividades externas',
  pages: [
    { path: '/external-activity', title: 'Atividades externas', gate: ['EXTERNAL_ACTIVITY'], menu: { label: 'Atividades externas', icon: 'activity', group: 'Campo' } },
    { path: '/external-activity/create', title: 'Atividades externas', page: 'Nova atividade' },
    { path: '/external-activity/edit/:id', title: 'Atividades externas', page: 'Editar atividade' },
    { path: '/external-activity/manage/:id', title: 'Atividades externas', page: 'Gerenciar atividade' },
    { path: '/external-activity/assistance-type', title: 'Tipos de atendimento', gate: ['ASSISTANCE_TYPE'], menu: { label: 'Tipos de atendimento', icon: 'assistance', group: 'Campo' } },
    { path: '/external-activity/assistance-type/create', title: 'Tipos de atendimento', page: 'Novo tipo' },
    { path: '/external-activity/assistance-type/edit/:id', title: 'Tipos de atendimento', page: 'Editar tipo' },
  ],
});
