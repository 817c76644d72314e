import { crudPages, defineEntity, defineModule } from '../kit/define';

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
});

export const warehouseModule = defineModule({
  name: 'warehouse',
  label: 'Almoxarifado',
  pages: [
    { path: '/my-patrimony', title: 'Meu patrimônio' },
    ...crudPages('/warehouse', 'Almoxarifado', { icon: 'warehouse', group: 'Almoxarifado' }),
    ...crudPages('/stock', 'Estoques', { gate: ['STOCK'], icon: 'stock', group: 'Almoxarifado', create: 'Novo estoque', edit: 'Editar estoque', info: 'Detalhes do estoque' }),
    ...crudPages('/section', 'Seções', { gate: ['SECTION'], icon: 'section', group: 'Almoxarifado', create: 'Nova seção', edit: 'Editar seção', info: 'Detalhes da seção' }),
    ...crudPages('/product', 'Produtos', { gate: ['PRODUCT'], icon: 'product', group: 'Almoxarifado', create: 'Novo produto', edit: 'Editar produto' }),
    ...crudPages('/patrimony', 'Patrimônio', { gate: ['PATRIMONY'], icon: 'patrimony', group: 'Almoxarifado', create: 'Novo patrimônio', edit: 'Editar patrimônio' }),
    ...crudPages('/patrimony-solicitation', 'Solicitações de patrimônio', { gate: ['PATRIMONY_OUT_REQUEST'], icon: 'request', group: 'Almoxarifado' }),
    ...crudPages('/movements', 'Movimentações', { gate: ['PATRIMONY_HISTORY'], icon: 'movements', group: 'Almoxarifado' }),
    ...crudPages('/van', 'Vans dos técnicos', { gate: ['STOCK'], icon: 'inventory', group: 'Almoxarifado' }),
  ],
  entities: [stockEntity, sectionEntity, productEntity, patrimonyEntity, patrimonySolicitationEntity],
  gates: { '/patrimony-area': ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'] },
});
