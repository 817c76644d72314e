import { crudPages, defineModule } from '../kit/define';

export const scheduleModule = defineModule({
  name: 'schedule',
  label: 'Agenda',
  pages: [
    ...crudPages('/schedule', 'Agenda', { gate: ['SCHEDULE'], icon: 'event' }),
    { path: '/schedule/:id', title: 'Agenda', page: 'Evento' },
  ],
});
