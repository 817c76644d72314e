import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers';

describe('faq demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
  });
  afterAll(() => t?.close());

  it('seeds three categories in order with eight questions and a few votes; seeding again adds nothing', async () => {
    const gestor = (await t.login('gestor', DEMO_PASSWORD)).token;
    const categories = (await t.call('GET', '/api/faq/category?pageSize=1000', gestor)).json().items as { name: string; question_count: number }[];
    expect(categories.map((c) => [c.name, c.question_count])).toEqual([
      ['Almoxarifado e patrimônio', 3],
      ['Rede e circuitos', 3],
      ['Campo e logística', 2],
    ]);
    const tecnico = (await t.login('tecnico', DEMO_PASSWORD)).token;
    const found = (await t.call('GET', '/api/faq/question?search=saida%20patrimonio', tecnico)).json().items as { question: string; my_vote: boolean | null; useful_count: number | null }[];
    expect(found).toEqual([expect.objectContaining({ question: 'Como solicito a saída de um patrimônio?', my_vote: true, useful_count: null })]);
    const all = (await t.call('GET', '/api/faq/question?pageSize=1000', gestor)).json().items as { question: string; useful_count: number; not_useful_count: number }[];
    expect(all).toHaveLength(8);
    expect(all[0]).toMatchObject({ question: 'Como solicito a saída de um patrimônio?', useful_count: 2, not_useful_count: 0 });
    expect(all.find((q) => q.question.startsWith('Como gero o script'))).toMatchObject({ useful_count: 0, not_useful_count: 1 });
    await seedDemo(t.app);
    expect((await t.call('GET', '/api/faq/question', gestor)).json().total_items).toBe(8);
  });
});
