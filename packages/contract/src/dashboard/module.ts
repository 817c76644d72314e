import { defineModule } from '../kit/define';

export const dashboardModule = defineModule({
  name: 'dashboard',
  label: 'Início',
  pages: [
    { path: '/', title: 'Início', menu: { label: 'Início', icon: 'home', group: '' } },
  ],
});
