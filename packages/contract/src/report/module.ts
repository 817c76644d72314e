import { defineModule } from '../kit/define';

export const reportModule = defineModule({
  name: 'report',
  label: 'Relatórios',
  pages: [
    { path: '/report', title: 'Relatórios', menu: { label: 'Relatórios', icon: 'report', group: 'Administração' } },
  ],
});
