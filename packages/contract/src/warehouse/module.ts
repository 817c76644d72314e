import { defineEntity, defineModule } from '../kit/define';

export const stockEntity = defineEntity({ entity: 'stock', label: 'Estoque', plural: 'Estoques', gender: 'm', webPath: '/stock' });
export const sectionEntity = defineEntity({ entity: 'section', label: 'Seção', plural: 'Seções', gender: 'f', webPath: '/section' });
export const productEntity = defineEntity({ entity: 'product', label: 'Produto', plural: 'Produtos', gender: 'm', webPath: '/product' });
export const patrimonyEntity = defineEntity({ entity: 'patrimony', label: 'Patrimônio', plural: 'Patrimônios', gender: 'm', webPath: '/patrimony' });
export const patrimonySolicitationEntity = defineEntity({
  entity: 'patrimony_solicitation',
  label: 'Solicitação de patrimônio',
  plural: 'Solicitações de patrimônio',
  gender: 'f',
  webPath: '/patrimony-solicitation',
  link: (id: number) => `/patrimony-solicitation?id=${id}`,
  gates: { '/patrimony-area': ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'] },
});

export const warehouseModule = defineModule({
  name: 'warehouse',
  label: 'Almoxarifado',
  pages: [
    { path: '/my-patrimony', title: 'Meu patrimônio' },
    { path: '/warehouse', title: 'Almoxarifado', menu: { label: 'Almoxarifado', icon: 'warehouse', group: 'Almoxarifado' } },
    { path: '/stock', title: 'Estoques', gate: ['STOCK'], menu: { label: 'Estoques', icon: 'stock', group: 'Almoxarifado' } },
    { path: '/stock/create', title: 'Estoques', page: 'Novo estoque' },
    { path: '/stock/edit/:id', title: 'Estoques', page: 'Editar estoque' },
    { path: '/stock/info/:id', title: 'Estoques', page: 'Detalhes do estoque' },
    { path: '/section', title: 'Seções', gate: ['SECTION'], menu: { label: 'Seções', icon: 'section', group: 'Almoxarifado' } },
    { path: '/section/create', title: 'Seções', page: 'Nova seção' },
    { path: '/section/edit/:id', title: 'Seções', page: 'Editar seção' },
    { path: '/section/info/:id', title: 'Seções', page: 'Detalhes da seção' },
    { path: '/product', title: 'Produtos', gate: ['PRODUCT'], menu: { label: 'Produtos', icon: 'product', group: 'Almoxarifado' } },
    { path: '/product/create', title: 'Produtos', page: 'Novo produto' },
    { path: '/product/edit/:id', title: 'Produtos', page: 'Editar produto' },
    { path: '/patrimony', title: 'Patrimônio', gate: ['PATRIMONY'], menu: { label: 'Patrimônio', icon: 'patrimony', group: 'Almoxarifado' } },
    { path: '/patrimony/create', title: 'Patrimônio', page: 'Novo patrimônio' },
    { path: '/patrimony/edit/:id', title: 'Patrimônio', page: 'Editar patrimônio' },
    { path: '/patrimony-solicitation', title: 'Solicitações de patrimônio', gate: ['PATRIMONY_OUT_REQUEST'], menu: { label: 'Solicitações de patrimônio', icon: 'request', group: 'Almoxarifado' } },
    { path: '/movements', title: 'Movimentações', gate: ['PATRIMONY_HISTORY'], menu: { label: 'Movimentações', icon: 'movements', group: 'Almoxarifado' } },
  ],
  entities: [stockEntity, sectionEntity, productEntity, patrimonyEntity, patrimonySolicitationEntity],
  gates: { '/patrimony-area': ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'] },
});
