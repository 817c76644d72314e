import { defineModule } from '../kit/define';

export const wikiModule = defineModule({
  name: 'wiki',
  label: 'Wiki',
  pages: [
    { path: '/wiki', title: 'Wiki' },
    { path: '/wiki/search', title: 'Wiki', page: 'Pesquisa' },
    { path: '/wiki/:module1?/:module2?/:module3?/:module4?', title: 'Wiki' },
  ],
});
