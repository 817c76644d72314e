import { defineEntity, defineModule } from '../kit/define';

export const scheduleEventEntity = defineEntity({ entity: 'schedule_event', label: 'Evento', plural: 'Eventos', gender: 'm', webPath: '/schedule', link: (id: number) => `/schedule/${id}` });

/** SPEC §1 names two pages: the calendar and one event. Creating and editing happen on the calendar. */
export const scheduleModule = defineModule({
  name: 'schedule',
  label: 'Agenda',
  pages: [
    { path: '/schedule', title: 'Agenda', gate: ['SCHEDULE'], menu: { label: 'Agenda', icon: 'event', group: '' } },
    { path: '/schedule/:id', title: 'Agenda', page: 'Evento' },
  ],
  entities: [scheduleEventEntity],
});
