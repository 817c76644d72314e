/** Perguntas frequentes (`/api/faq/category`, `/api/faq/question`): categories, questions, reordering and "Foi útil?" votes. */
export { faqRoutes } from './routes';
