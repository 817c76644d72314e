import { FAQ_PAGE_SIZE, type FaqCategoryRead, type FaqMoveDirection, type FaqQuestionRead, faqCategoryResource, faqQuestionResource } from '@operacoes/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../core/api';
import { listKey, resourceApi } from '../../core/resource';

/** FAQ categories and questions: the kit's fetchers, keys and invalidation (`/api/faq/category`, `/api/faq/question`). */
export const faqCategoryApi = resourceApi(faqCategoryResource);
export const faqQuestionApi = resourceApi(faqQuestionResource);

/** The page's queries live under the kit's list keys, so that every save and delete refreshes them. */
export const faqKeys = {
  categories: [...listKey(faqCategoryApi.path), 'all'] as const,
  questions: (search: string) => [...listKey(faqQuestionApi.path), 'all', search] as const,
};

/** Every category, in page order. */
export const fetchCategories = async () => (await api.get<{ items: FaqCategoryRead[] }>(faqCategoryApi.path, { params: { pageSize: FAQ_PAGE_SIZE } })).data.items;

/** Every question the user may see (a reader: the active ones), in page order; `search` folds accents on the server. */
export const fetchQuestions = async (search: string) =>
  (await api.get<{ items: FaqQuestionRead[] }>(faqQuestionApi.path, { params: { pageSize: FAQ_PAGE_SIZE, search: search || undefined } })).data.items;

export const moveCategory = (id: number, direction: FaqMoveDirection) => faqCategoryApi.step(id, 'move', { direction });
export const moveQuestion = (id: number, direction: FaqMoveDirection) => faqQuestionApi.step(id, 'move', { direction });
export const sendFeedback = (id: number, useful: boolean) => faqQuestionApi.step(id, 'feedback', { useful });

/** After a change to questions: their lists and the categories' counts. */
export const refreshFaq = (qc: QueryClient) => Promise.all([faqQuestionApi.invalidate(qc), faqCategoryApi.invalidate(qc)]);
