import { defineModule } from '../kit/define';

export const settingsModule = defineModule({
  name: 'settings',
  label: 'Preferências',
  pages: [
    { path: '/settings', title: 'Preferências' },
  ],
});
