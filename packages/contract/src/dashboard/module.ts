import { crudPages, defineModule } from '../kit/define';

export const dashboardModule = defineModule({
  name: 'dashboard',
  label: 'Início',
  pages: [
    ...crudPages('/', 'Início', { icon: 'home' }),
  ],
});
