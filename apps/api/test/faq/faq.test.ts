import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { faqCategoryResource, faqQuestionResource } from '@operacoes/contract';
import { revisions } from '../../src/modules/revision/schema';
import { faqFeedback } from '../../src/modules/faq/schema';
import { describeCrud } from '../crud-suite';
import { createTestApp, perOrganization, type TestApp } from '../helpers';
import { uid } from '../warehouse/helpers';

type Body = Record<string, unknown>;
type Question = { id: number; organization_id: number; category_id: number; question: string; answer: string; position: number; is_active: boolean; useful_count: number | null; not_useful_count: number | null; my_vote: boolean | null; category: { id: number; name: string } | null };
type Category = { id: number; name: string; position: number; question_count: number; organization_id: number };

/** A category of an organization, made once per test app (by the super admin, who may name the organization). */
const category = perOrganization(async (t, organizationId) => {
  const res = await t.call('POST', '/api/faq/category', await t.adminToken(), { name: `Patrimônio ${uid()}`, organization_id: organizationId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Category;
});

describeCrud(faqCategoryResource, {
  valid: (n) => ({ name: `Manutenção de redes ${n} ${uid()}`, description: 'Procedimentos de campo' }),
  invalid: [{ name: '' }, {}, { name: 'x'.repeat(121) }, { name: 'Ok', description: 'y'.repeat(301) }],
  // Names are unique per organization and the suite applies this body to two rows: no name here.
  update: { body: { description: 'Solicitações, devoluções e baixa de itens' }, expect: (r) => expect(r.description).toBe('Solicitações, devoluções e baixa de itens') },
  search: 'MANUTENCAO de REDES',
});

describeCrud(faqQuestionResource, {
  valid: async (n, t) => ({
    category_id: (await category(t)).id,
    question: `Como solicito a saída de um patrimônio ${n}?`,
    answer: `<p>Abra uma <strong>solicitação de patrimônio</strong> no menu Almoxarifado (${n}).</p>`,
  }),
  invalid: [
    { category_id: 1, question: '', answer: '' },
    { question: 'Sem categoria?', answer: '<p>x</p>' },
    { category_id: 'um', question: 'x', answer: '<p>x</p>', is_active: 'sim' },
    { category_id: 1, question: 'x'.repeat(301), answer: '<p>x</p>' },
  ],
  update: {
    body: { question: 'Como registro a indisponibilidade de um circuito?', answer: '<p>Em <em>Circuitos de operadora</em>, abra o circuito e registre a indisponibilidade.</p>' },
    expect: (r) => expect(r).toMatchObject({ question: 'Como registro a indisponibilidade de um circuito?' }),
  },
  foreign: async (t, other) => ({ category_id: (await category(t, other)).id, question: 'Pergunta alheia?', answer: '<p>x</p>' }),
  search: 'SAIDA de um PATRIMONIO',
});

describe('faq: access, ordering, search, sanitizing and "Foi útil?"', () => {
  let t: TestApp;
  let admin: string;
  /** ORG user: writes the FAQ of their organization. */
  let writer: string;
  /** Users without ORG: read only. */
  let reader: { id: number; token: string };
  let reader2: { id: number; token: string };
  /** Another organization's writer and reader. */
  let otherWriter: string;
  let otherReader: string;
  let otherOrg: number;

  const post = (url: string, token: string | undefined, body: unknown) => t.call('POST', url, token, body);
  const newCategory = async (name: string, token = writer) => {
    const res = await post('/api/faq/category', token, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Category;
  };
  const newQuestion = async (category_id: number, question: string, answer = '<p>Resposta.</p>', extra: Body = {}, token = writer) => {
    const res = await post('/api/faq/question', token, { category_id, question, answer, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Question;
  };
  const list = async <T>(url: string, token: string) => {
    const res = await t.call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as T[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    writer = (await t.createUser({ permissions: ['ORG'] })).token;
    reader = await t.createUser({ permissions: ['STOCK.INDEX'] });
    reader2 = await t.createUser({ permissions: [] });
    otherOrg = await t.createOrganization('Outra Telecom');
    otherWriter = (await t.createUser({ permissions: ['ORG'], organizationId: otherOrg })).token;
    otherReader = (await t.createUser({ permissions: [], organizationId: otherOrg })).token;
  });
  afterAll(() => t?.close());

  it('lets any logged-in user read, only ORG or a super admin write, and no one without a token', async () => {
    const cat = await newCategory(`Acesso ${uid()}`);
    const q = await newQuestion(cat.id, 'Quem pode editar a FAQ?');
    // Readers without any permission read the list and the question.
    expect((await t.call('GET', '/api/faq/category', reader2.token)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/faq/question/${q.id}`, reader2.token)).statusCode).toBe(200);
    // …and cannot write anything.
    for (const [method, url, body] of [
      ['POST', '/api/faq/category', { name: 'Nova' }],
      ['PUT', `/api/faq/category/${cat.id}`, { name: 'Outra' }],
      ['DELETE', `/api/faq/category/${cat.id}`, undefined],
      ['POST', `/api/faq/category/${cat.id}/move`, { direction: 'up' }],
      ['POST', '/api/faq/question', { category_id: cat.id, question: 'x?', answer: '<p>x</p>' }],
      ['PUT', `/api/faq/question/${q.id}`, { question: 'y?' }],
      ['DELETE', `/api/faq/question/${q.id}`, undefined],
      ['POST', `/api/faq/question/${q.id}/move`, { direction: 'down' }],
    ] as const) {
      const res = await t.call(method, url, reader.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Você não tem permissão para esta ação.');
      expect((await t.call(method, url, undefined, body)).statusCode, `${method} ${url} without a token`).toBe(401);
    }
    expect((await t.call('GET', '/api/faq/question', undefined)).statusCode).toBe(401);
    expect((await t.call('GET', `/api/faq/question/${q.id}`, undefined)).statusCode).toBe(401);
    expect((await post(`/api/faq/question/${q.id}/feedback`, undefined, { useful: true })).statusCode).toBe(401);
    // The super admin writes in any organization.
    const theirs = await newCategory(`Da outra ${uid()}`, otherWriter);
    const put = await t.call('PUT', `/api/faq/category/${theirs.id}`, admin, { description: 'Revisada pelo suporte' });
    expect(put.statusCode, put.body).toBe(200);
    const created = await newQuestion(theirs.id, 'Criada pelo super admin?', '<p>Sim.</p>', {}, admin);
    expect(created.organization_id).toBe(otherOrg);
  });

  it("hides another organization's FAQ: 404 on every route and never listed", async () => {
    const cat = await newCategory(`Interna ${uid()}`);
    const q = await newQuestion(cat.id, 'Como acesso a VPN corporativa?', '<p>Use o cliente da VPN.</p>');
    for (const token of [otherWriter, otherReader]) {
      expect((await t.call('GET', `/api/faq/category/${cat.id}`, token)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/faq/question/${q.id}`, token)).statusCode).toBe(404);
      expect((await post(`/api/faq/question/${q.id}/feedback`, token, { useful: true })).statusCode).toBe(404);
      expect((await list<Category>('/api/faq/category?pageSize=1000', token)).map((c) => c.id)).not.toContain(cat.id);
      expect((await list<Question>('/api/faq/question?pageSize=1000&search=vpn', token)).map((i) => i.id)).not.toContain(q.id);
    }
    const res = await t.call('GET', `/api/faq/question/${q.id}`, otherReader);
    expect(res.json().message).toBe('Pergunta não encontrada.');
    expect((await post(`/api/faq/category/${cat.id}/move`, otherWriter, { direction: 'up' })).statusCode).toBe(404);
    expect((await post(`/api/faq/question/${q.id}/move`, otherWriter, { direction: 'up' })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/faq/question/${q.id}`, otherWriter, { question: 'Roubada?' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/faq/category/${cat.id}`, otherWriter)).statusCode).toBe(404);
    // A question cannot be put in another organization's category (422 on the field), nor moved there.
    const theirs = await newCategory(`Alheia ${uid()}`, otherWriter);
    const refused = await post('/api/faq/question', writer, { category_id: theirs.id, question: 'Aqui?', answer: '<p>x</p>' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations).toContainEqual({ propertyPath: 'category_id', message: 'Categoria não encontrada' });
    expect((await t.call('PUT', `/api/faq/question/${q.id}`, writer, { category_id: theirs.id })).statusCode).toBe(422);
    expect((await t.call('GET', `/api/faq/question/${q.id}`, writer)).json().category_id).toBe(cat.id);
  });

  it('sanitizes the answer: scripts, event handlers and javascript: links never survive; an answer that was only a script is refused', async () => {
    const cat = await newCategory(`Segurança ${uid()}`);
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">clique</a>',
      '<a href="JaVaScRiPt:alert(1)">maiúsculas</a>',
      '<svg onload="alert(1)"></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(1))" onclick="x()">parágrafo</p>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">dados</a>',
      '<form action="https://evil.example"><input name="senha"></form>',
    ];
    const created = await newQuestion(cat.id, 'Posso colar HTML na resposta?', `<p>Texto seguro</p>${payloads.join('')}`);
    expect(created.answer).toContain('<p>Texto seguro</p>');
    expect(created.answer).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|data:|<form|<input|background:url/i);
    expect(created.answer).toContain('parágrafo');
    // An update is sanitized too.
    const put = await t.call('PUT', `/api/faq/question/${created.id}`, writer, { answer: '<p onmouseover="steal()">Atualizada</p><script>x()</script>' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().answer).toBe('<p>Atualizada</p>');
    // Nothing left once cleaned: the same 422 as an empty answer, and nothing written.
    for (const answer of ['<script>alert(1)</script>', '<p> </p>', '   ']) {
      const res = await post('/api/faq/question', writer, { category_id: cat.id, question: 'Vazia?', answer });
      expect(res.statusCode, answer).toBe(422);
      expect(res.json().violations).toContainEqual({ propertyPath: 'answer', message: 'Informe a resposta' });
    }
    // Every missing field at once, in pt-BR.
    const all = await post('/api/faq/question', writer, {});
    expect(all.statusCode).toBe(422);
    expect(all.json().violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual(['answer', 'category_id', 'question']);
    expect(all.json().violations).toEqual(
      expect.arrayContaining([
        { propertyPath: 'category_id', message: 'Informe a categoria' },
        { propertyPath: 'question', message: 'Informe a pergunta' },
        { propertyPath: 'answer', message: 'Informe a resposta' },
      ]),
    );
    const questions = await list<Question>(`/api/faq/question?category=${cat.id}`, writer);
    expect(questions.map((q) => q.question)).toEqual(['Posso colar HTML na resposta?']);
  });

  it('keeps categories and questions in order: new ones last, moved one place up or down, a changed category sends the question to its end', async () => {
    // A fresh organization, so that the order holds only this test's rows.
    const org = await t.createOrganization('Ordem Telecom');
    const w = (await t.createUser({ permissions: ['ORG'], organizationId: org })).token;
    const [a, b, c] = [await newCategory('Almoxarifado', w), await newCategory('Backbone', w), await newCategory('Campo', w)];
    expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);
    const names = async () => (await list<Category>('/api/faq/category?pageSize=1000', w)).map((x) => x.name);
    expect(await names()).toEqual(['Almoxarifado', 'Backbone', 'Campo']);

    let moved = await post(`/api/faq/category/${c.id}/move`, w, { direction: 'up' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: c.id, position: 2 });
    expect(await names()).toEqual(['Almoxarifado', 'Campo', 'Backbone']);
    // At either end a move changes nothing.
    expect((await post(`/api/faq/category/${a.id}/move`, w, { direction: 'up' })).json().position).toBe(1);
    expect((await post(`/api/faq/category/${b.id}/move`, w, { direction: 'down' })).json().position).toBe(3);
    expect(await names()).toEqual(['Almoxarifado', 'Campo', 'Backbone']);
    moved = await post(`/api/faq/category/${a.id}/move`, w, { direction: 'down' });
    expect(await names()).toEqual(['Campo', 'Almoxarifado', 'Backbone']);
    // Each row whose position changed is audited.
    const audited = await t.app.db.select().from(revisions).where(and(eq(revisions.entity, 'faq_category'), eq(revisions.entity_id, a.id), eq(revisions.action, 'update')));
    expect(audited.map((r) => r.changes)).toContainEqual({ position: [1, 2] });
    const bad = await post(`/api/faq/category/${a.id}/move`, w, { direction: 'left' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0].propertyPath).toBe('direction');

    // Questions: in their category's order, then their own.
    const q1 = await newQuestion(a.id, 'Primeira do almoxarifado?', '<p>1</p>', {}, w);
    const q2 = await newQuestion(a.id, 'Segunda do almoxarifado?', '<p>2</p>', {}, w);
    const q3 = await newQuestion(a.id, 'Terceira do almoxarifado?', '<p>3</p>', {}, w);
    const c1 = await newQuestion(c.id, 'Primeira do campo?', '<p>c</p>', {}, w);
    expect([q1.position, q2.position, q3.position, c1.position]).toEqual([1, 2, 3, 1]);
    const order = async () => (await list<Question>('/api/faq/question?pageSize=1000', w)).map((q) => q.question);
    expect(await order()).toEqual(['Primeira do campo?', 'Primeira do almoxarifado?', 'Segunda do almoxarifado?', 'Terceira do almoxarifado?']);
    expect((await post(`/api/faq/question/${q3.id}/move`, w, { direction: 'up' })).json().position).toBe(2);
    expect((await post(`/api/faq/question/${q1.id}/move`, w, { direction: 'down' })).json().position).toBe(2);
    expect(await order()).toEqual(['Primeira do campo?', 'Terceira do almoxarifado?', 'Primeira do almoxarifado?', 'Segunda do almoxarifado?']);
    // A question moves only within its category: the first of "Campo" stays first.
    expect((await post(`/api/faq/question/${c1.id}/move`, w, { direction: 'down' })).json().position).toBe(1);
    // Moving categories moves their questions with them.
    await post(`/api/faq/category/${c.id}/move`, w, { direction: 'down' });
    expect(await order()).toEqual(['Terceira do almoxarifado?', 'Primeira do almoxarifado?', 'Segunda do almoxarifado?', 'Primeira do campo?']);
    // A question put in another category goes to its end.
    const put = await t.call('PUT', `/api/faq/question/${q3.id}`, w, { category_id: c.id });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ category_id: c.id, position: 2, category: { id: c.id, name: 'Campo' } });
    expect((await list<Question>(`/api/faq/question?category=${c.id}`, w)).map((q) => q.question)).toEqual(['Primeira do campo?', 'Terceira do almoxarifado?']);
    // The counts follow.
    expect((await list<Category>('/api/faq/category?pageSize=1000', w)).map((x) => [x.name, x.question_count])).toEqual([
      ['Almoxarifado', 2],
      ['Campo', 2],
      ['Backbone', 0],
    ]);
  });

  it('searches question and answer text without accents or case, never the markup', async () => {
    const cat = await newCategory(`Circuitos ${uid()}`);
    const q = await newQuestion(cat.id, 'Como registro a indisponibilidade de um circuito?', '<p>Abra o circuito em <strong>Circuitos de operadora</strong> e informe o protocolo da operadora &amp; a causa.</p>');
    const other = await newQuestion(cat.id, 'Onde vejo o SLA do mês?', '<p>Na aba Disponibilidade.</p>');
    const ids = async (search: string, token = reader.token) => (await list<Question>(`/api/faq/question?pageSize=1000&search=${encodeURIComponent(search)}`, token)).map((i) => i.id);
    expect(await ids('INDISPONIBILIDADE')).toEqual([q.id]);
    // Accents folded both ways; words from the answer; several words each must match.
    expect(await ids('mes sla')).toEqual([other.id]);
    expect(await ids('protocolo operadora')).toEqual([q.id]);
    expect(await ids('Disponibilidade')).toEqual(expect.arrayContaining([q.id, other.id]));
    expect(await ids('&')).toContain(q.id);
    // Tag names are not words of the answer.
    expect(await ids('strong')).toEqual([]);
    // The category name is not searched, and an edited answer is searched by its new words.
    expect(await ids('zzznada')).toEqual([]);
    await t.call('PUT', `/api/faq/question/${other.id}`, writer, { answer: '<p>No relatório de SLA das operadoras.</p>' });
    expect(await ids('relatorio')).toEqual([other.id]);
    expect(await ids('aba disponibilidade')).toEqual([]);
  });

  it('hides inactive questions from readers (list, detail, vote) and shows them to writers', async () => {
    const cat = await newCategory(`Rascunhos ${uid()}`);
    const draft = await newQuestion(cat.id, 'Rascunho: como pedir uma van?', '<p>Em revisão.</p>', { is_active: false });
    const live = await newQuestion(cat.id, 'Como pedir um veículo?', '<p>Pelo sistema de frota.</p>');
    expect((await list<Question>(`/api/faq/question?category=${cat.id}`, reader.token)).map((q) => q.id)).toEqual([live.id]);
    // A reader's isActive=false is ignored: still only the active ones.
    expect((await list<Question>(`/api/faq/question?category=${cat.id}&isActive=false`, reader.token)).map((q) => q.id)).toEqual([live.id]);
    expect((await t.call('GET', `/api/faq/question/${draft.id}`, reader.token)).statusCode).toBe(404);
    expect((await post(`/api/faq/question/${draft.id}/feedback`, reader.token, { useful: true })).statusCode).toBe(404);
    expect((await list<Question>(`/api/faq/question?category=${cat.id}`, writer)).map((q) => q.id)).toEqual([draft.id, live.id]);
    expect((await list<Question>(`/api/faq/question?category=${cat.id}&isActive=false`, writer)).map((q) => q.id)).toEqual([draft.id]);
    expect((await t.call('GET', `/api/faq/question/${draft.id}`, writer)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/faq/question/${draft.id}`, admin)).statusCode).toBe(200);
  });

  it('counts "Foi útil?" votes: one per user (a second vote changes it), counts for writers only, each user sees their own vote', async () => {
    const cat = await newCategory(`Votos ${uid()}`);
    const q = await newQuestion(cat.id, 'Como troco minha senha?', '<p>Em Minha conta.</p>');
    expect(q).toMatchObject({ useful_count: 0, not_useful_count: 0, my_vote: null });

    let res = await post(`/api/faq/question/${q.id}/feedback`, reader.token, { useful: true });
    expect(res.statusCode, res.body).toBe(200);
    // A reader sees their vote, not the counts.
    expect(res.json()).toMatchObject({ id: q.id, my_vote: true, useful_count: null, not_useful_count: null });
    await post(`/api/faq/question/${q.id}/feedback`, reader2.token, { useful: true });
    await post(`/api/faq/question/${q.id}/feedback`, writer, { useful: false });
    const counts = async (token = writer) => (await t.call('GET', `/api/faq/question/${q.id}`, token)).json() as Question;
    expect(await counts()).toMatchObject({ useful_count: 2, not_useful_count: 1, my_vote: false });
    expect(await counts(admin)).toMatchObject({ useful_count: 2, not_useful_count: 1, my_vote: null });
    // Voting again changes the vote instead of counting twice.
    res = await post(`/api/faq/question/${q.id}/feedback`, reader.token, { useful: false });
    expect(res.json().my_vote).toBe(false);
    await post(`/api/faq/question/${q.id}/feedback`, reader.token, { useful: false });
    expect(await counts()).toMatchObject({ useful_count: 1, not_useful_count: 2 });
    expect((await t.app.db.select().from(faqFeedback).where(eq(faqFeedback.question_id, q.id))).length).toBe(3);
    // The list shows the same to each.
    const asReader = (await list<Question>(`/api/faq/question?category=${cat.id}`, reader.token))[0];
    expect(asReader).toMatchObject({ my_vote: false, useful_count: null });
    const asWriter = (await list<Question>(`/api/faq/question?category=${cat.id}`, writer))[0];
    expect(asWriter).toMatchObject({ my_vote: false, useful_count: 1, not_useful_count: 2 });
    // Bad bodies are 422 in pt-BR; unknown questions 404.
    for (const body of [{}, { useful: 'sim' }, { useful: 1 }]) {
      const bad = await post(`/api/faq/question/${q.id}/feedback`, reader.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().violations[0]).toEqual({ propertyPath: 'useful', message: 'Informe se a resposta foi útil (true ou false)' });
    }
    expect((await post('/api/faq/question/999999/feedback', reader.token, { useful: true })).statusCode).toBe(404);
    // Votes are not edits: no audit row, the question's updated_at unchanged.
    const updates = await t.app.db.select().from(revisions).where(and(eq(revisions.entity, 'faq_question'), eq(revisions.entity_id, q.id), eq(revisions.action, 'update')));
    expect(updates).toHaveLength(0);
    // Deleting the question deletes its votes.
    expect((await t.call('DELETE', `/api/faq/question/${q.id}`, writer)).statusCode).toBe(204);
    expect(await t.app.db.select().from(faqFeedback).where(eq(faqFeedback.question_id, q.id))).toHaveLength(0);
  });

  it('refuses a duplicate category name in the organization (409 on the field) and deleting a category that still has questions', async () => {
    const cat = await newCategory('Logística e envios');
    const dup = await post('/api/faq/category', writer, { name: 'LOGÍSTICA E ENVIOS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().violations).toEqual([{ propertyPath: 'name', message: 'Já está em uso' }]);
    expect(dup.json().message).toBe('Já existe uma categoria com o nome "LOGÍSTICA E ENVIOS".');
    // Another organization may use the same name.
    expect((await post('/api/faq/category', otherWriter, { name: 'Logística e envios' })).statusCode).toBe(201);
    const q = await newQuestion(cat.id, 'Como rastreio um envio?', '<p>Pelo código de rastreio.</p>');
    await newQuestion(cat.id, 'Quem confirma o recebimento?', '<p>O destinatário.</p>');
    const del = await t.call('DELETE', `/api/faq/category/${cat.id}`, writer);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('A categoria "Logística e envios" não pode ser excluída: é referenciada por 2 perguntas.');
    expect((await t.call('GET', `/api/faq/question/${q.id}`, writer)).statusCode).toBe(200);
    // A super admin naming an organization that does not exist gets a 422, not a 500.
    const noOrg = await post('/api/faq/category', admin, { name: 'Sem dono', organization_id: 999999 });
    expect(noOrg.statusCode).toBe(422);
    expect(noOrg.json().violations).toEqual([{ propertyPath: 'organization_id', message: 'Organização não encontrada.' }]);
  });
});
