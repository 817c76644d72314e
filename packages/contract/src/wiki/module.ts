import { defineModule } from '../kit/define';

export const wikiModule = defineModule({
  name: 'wiki',
  label: 'Wiki e perguntas frequentes',
  pages: [
    { path: '/faq', title: 'Perguntas frequentes (FAQ)', menu: { label: 'Perguntas frequentes', icon: 'faq', group: 'Administração' } },
    { path: '/wiki', title: 'Wiki' },
    { path: '/wiki/search', title: 'Wiki', page: 'Pesquisa' },
    { path: '/wiki/:module1?/:module2?/:module3?/:module4?', title: 'Wiki' },
  ],
});
