import { crudPages, defineModule } from '../kit/define';

export const reportModule = defineModule({
  name: 'report',
  label: 'Relatórios',
  pages: [
    ...crudPages('/report', 'Relatórios', { icon: 'report', group: 'Administração' }),
  ],
});
