import { defineModule } from '../kit/define';

export const scheduleModule = defineModule({
  name: 'schedule',
  label: 'Agenda',
  pages: [
    { path: '/schedule', title: 'Agenda', gate: ['SCHEDULE'], menu: { label: 'Agenda', icon: 'event', group: '' } },
    { path: '/schedule/:id', title: 'Agenda', page: 'Evento' },
  ],
});
