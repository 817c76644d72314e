import { crudPages, defineEntity, defineModule } from '../kit/define';

/** Categories are managed on the FAQ page itself; a question is edited at `/faq/edit/:id`. */
export const faqCategoryEntity = defineEntity({ entity: 'faq_category', label: 'Categoria', plural: 'Categorias', gender: 'f', webPath: '/faq', link: () => '/faq' });
export const faqQuestionEntity = defineEntity({ entity: 'faq_question', label: 'Pergunta', plural: 'Perguntas', gender: 'f', webPath: '/faq' });

export const faqModule = defineModule({
  name: 'faq',
  label: 'Perguntas frequentes',
  pages: [
    ...crudPages('/faq', 'Perguntas frequentes (FAQ)', {
      icon: 'faq',
      group: 'Administração',
      menuLabel: 'Perguntas frequentes',
      create: 'Nova pergunta',
      edit: 'Editar pergunta',
    }),
  ],
  entities: [faqCategoryEntity, faqQuestionEntity],
});
