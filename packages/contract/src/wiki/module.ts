import { defineEntity, defineModule } from '../kit/define';

/** A wiki page in the revision log; the web opens pages by path, so the log does not link them. */
export const wikiPageEntity = defineEntity({ entity: 'wiki_page', label: 'Página', plural: 'Páginas', gender: 'f', link: null });

export const wikiModule = defineModule({
  name: 'wiki',
  label: 'Wiki',
  pages: [
    { path: '/wiki', title: 'Wiki', menu: { label: 'Wiki', icon: 'wiki', group: 'Administração' } },
    { path: '/wiki/search', title: 'Wiki', page: 'Pesquisa' },
    { path: '/wiki/:module1?/:module2?/:module3?/:module4?', title: 'Wiki' },
  ],
  entities: [wikiPageEntity],
});
