import { defineEntity, defineModule } from '../kit/define';

export const notificationEntity = defineEntity({ entity: 'notification', label: 'Notificação', plural: 'Notificações', gender: 'f' });

export const notificationModule = defineModule({
  name: 'notification',
  label: 'Notificações',
  pages: [
    { path: '/notifications', title: 'Notificações' },
  ],
  entities: [notificationEntity],
});
