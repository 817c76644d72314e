import { z } from 'zod';
import { blankAsNull, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { type AccessRule, defineResource } from '../kit/define';
import { faqCategoryEntity, faqQuestionEntity } from './module';

/**
 * FAQ. DESIGN §3: a module without a permission of its own; any logged-in user reads,
 * `ORG` (or a super admin) writes. `permission: 'ORG'` names the permission that writes (the
 * generic test suite reads it); `access` is the rule the API and the web apply.
 */
const FAQ_ACCESS = { read: 'authenticated', write: 'orgAdmin' } as const satisfies { read: AccessRule; write: AccessRule };

const positiveId = (message: string) => z.number({ message }).int(message).positive(message);

/** The most rows a list answers: the FAQ page loads every category and question at once. */
export const FAQ_PAGE_SIZE = 1000;

export const faqCategoryInput = z.object({
  name: z.string({ message: 'Informe o nome da categoria' }).trim().min(1, 'Informe o nome da categoria').max(120, 'Nome longo demais (máximo 120 caracteres)'),
  /** A line under the title on the page ("Solicitações, devoluções e baixa de itens"). */
  description: blankAsNull(z.string().trim().max(300, 'Descrição longa demais (máximo 300 caracteres)')),
  /** A super admin may create it in another organization; everyone else writes in their own. */
  organization_id: positiveId('Organização inválida').optional(),
});
export const faqCategoryUpdate = updateOf(faqCategoryInput.omit({ organization_id: true }));
export const faqCategoryRead = tenantRecord({
  name: z.string(),
  description: z.string().nullable(),
  /** Order on the FAQ page (1 first); changed by `POST /api/faq/category/{id}/move`. */
  position: z.number(),
  question_count: z.number(),
});
export type FaqCategoryRead = z.infer<typeof faqCategoryRead>;

export const faqCategoryResource = defineResource({
  ...faqCategoryEntity,
  apiPath: '/faq/category',
  permission: 'ORG',
  access: FAQ_ACCESS,
  tenancy: 'organization',
  schemas: { read: faqCategoryRead, create: faqCategoryInput, update: faqCategoryUpdate, query: listQuery },
});

export const faqQuestionInput = z.object({
  category_id: positiveId('Informe a categoria'),
  question: z.string({ message: 'Informe a pergunta' }).trim().min(1, 'Informe a pergunta').max(300, 'Pergunta longa demais (máximo 300 caracteres)'),
  /** Rich text (TinyMCE); the server sanitizes it. */
  answer: z.string({ message: 'Informe a resposta' }).trim().min(1, 'Informe a resposta').max(100_000, 'Resposta longa demais'),
  /** An inactive question is hidden from readers (a draft, or an answer being reviewed). */
  is_active: z.boolean().default(true),
});
export const faqQuestionUpdate = updateOf(faqQuestionInput);
export type FaqQuestionInput = z.input<typeof faqQuestionInput>;

export const faqQuestionRead = tenantRecord({
  category_id: z.number(),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  question: z.string(),
  answer: z.string(),
  /** Order within its category (1 first); changed by `POST /api/faq/question/{id}/move`. */
  position: z.number(),
  is_active: z.boolean(),
  /** "Foi útil?" counts, shown to those who write the FAQ (null for readers). */
  useful_count: z.number().nullable(),
  not_useful_count: z.number().nullable(),
  /** This user's own vote: true (sim), false (não), null (none yet). */
  my_vote: z.boolean().nullable(),
});
export type FaqQuestionRead = z.infer<typeof faqQuestionRead>;

export const faqQuestionListQuery = listQuery.extend({
  category: z.coerce.number().int().positive().optional(),
  /** Writers only (readers always get the active questions). */
  isActive: queryBoolean.optional(),
});

export const faqQuestionResource = defineResource({
  ...faqQuestionEntity,
  apiPath: '/faq/question',
  permission: 'ORG',
  access: FAQ_ACCESS,
  tenancy: 'organization',
  schemas: { read: faqQuestionRead, create: faqQuestionInput, update: faqQuestionUpdate, query: faqQuestionListQuery },
});

/** `POST /api/faq/{category|question}/{id}/move`: one place up or down (a question within its category). */
export const faqMoveInput = z.object({ direction: z.enum(['up', 'down'], { message: 'Direção inválida (use up ou down)' }) });
export type FaqMoveDirection = z.infer<typeof faqMoveInput>['direction'];

/** `POST /api/faq/question/{id}/feedback`: "Foi útil?" — a second vote by the same user replaces the first. */
export const faqFeedbackInput = z.object({ useful: z.boolean({ message: 'Informe se a resposta foi útil (true ou false)' }) });
