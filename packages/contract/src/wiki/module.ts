import { crudPages, defineModule } from '../kit/define';

export const wikiModule = defineModule({
  name: 'wiki',
  label: 'Wiki e perguntas frequentes',
  pages: [
    ...crudPages('/faq', 'Perguntas frequentes (FAQ)', { icon: 'faq', group: 'Administração', menuLabel: 'Perguntas frequentes' }),
    { path: '/wiki', title: 'Wiki' },
    { path: '/wiki/search', title: 'Wiki', page: 'Pesquisa' },
    { path: '/wiki/:module1?/:module2?/:module3?/:module4?', title: 'Wiki' },
  ],
});
