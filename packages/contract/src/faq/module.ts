import { crudPages, defineModule } from '../kit/define';

export const faqModule = defineModule({
  name: 'faq',
  label: 'Perguntas frequentes',
  pages: [...crudPages('/faq', 'Perguntas frequentes (FAQ)', { icon: 'faq', group: 'Administração', menuLabel: 'Perguntas frequentes' })],
});
