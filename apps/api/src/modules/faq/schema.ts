import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndex, tenantColumns, users } from '../../core/schema';

/** A section of the FAQ page, in `position` order within its organization. */
export const faqCategories = pgTable(
  'faq_category',
  {
    ...tenantColumns(),
    name: text().notNull(),
    /** A line under the category's title on the page (optional). */
    description: text(),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('faq_category_name_unique').on(t.organization_id, sql`lower(${t.name})`),
    index('faq_category_org_position_idx').on(t.organization_id, t.position),
    searchIndex('faq_category', t),
  ],
);

/** A question and its answer (sanitized HTML), in `position` order within its category. */
export const faqQuestions = pgTable(
  'faq_question',
  {
    ...tenantColumns(),
    category_id: integer()
      .notNull()
      .references((): AnyPgColumn => faqCategories.id),
    question: text().notNull(),
    answer: text().notNull(),
    position: integer().notNull().default(0),
    is_active: boolean().notNull().default(true),
  },
  (t) => [
    index('faq_question_category_position_idx').on(t.category_id, t.position),
    index('faq_question_org_idx').on(t.organization_id, t.id),
    searchIndex('faq_question', t),
  ],
);

/** "Foi útil?": one vote per user and question (a second vote replaces the first). */
export const faqFeedback = pgTable(
  'faq_feedback',
  {
    question_id: integer()
      .notNull()
      .references((): AnyPgColumn => faqQuestions.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    useful: boolean().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.question_id, t.user_id] })],
);
