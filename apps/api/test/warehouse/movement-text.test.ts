/** A movement caused by an invoice names it "NF 123" once, however the number was typed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movements } from '../../src/modules/warehouse/movement/schema';
import { invoiceDocument } from '../../src/modules/warehouse/movement/service';
import { createTestApp, type TestApp } from '../helpers';
import { newItem, type Place, place } from './helpers';

describe('movement document text', () => {
  let t: TestApp;
  let p: Place;

  beforeAll(async () => {
    t = await createTestApp();
    p = await place(t);
  });
  afterAll(() => t?.close());

  const documentsOf = async (query: string) =>
    ((await t.call('GET', `/api/movements?${query}`, p.bossToken)).json().items as { document: string | null }[]).map((m) => m.document);

  it('says the invoice prefix once when the typed number already has it', () => {
    expect(invoiceDocument('123')).toBe('NF 123');
    expect(invoiceDocument('NF 123')).toBe('NF 123');
    expect(invoiceDocument('nf: 123')).toBe('NF 123');
    expect(invoiceDocument('NF-e 4521')).toBe('NF 4521');
    expect(invoiceDocument('  ')).toBeNull();
    expect(invoiceDocument(null)).toBeNull();
  });

  it('patrimony created one by one, in bulk and consumable entries: "NF 123", never "NF NF 123"', async () => {
    const one = await newItem(t, p, { invoice_number: 'NF 123' });
    expect(await documentsOf(`item=${one.id}`)).toEqual(['NF 123']);

    const bulk = await t.call('POST', '/api/patrimony/bulk', p.bossToken, { product_id: p.patrimonyProductId, section_id: p.sectionId, quantity: 2, invoice_number: 'NF 777' });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(await documentsOf(`item=${bulk.json().items[0].id}`)).toEqual(['NF 777']);

    const entry = await t.call('POST', '/api/consumable/entry', p.bossToken, { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 5, invoice_number: 'NF 888' });
    expect(entry.statusCode, entry.body).toBeLessThan(300);
    expect(await documentsOf(`product=${p.consumableProductId}`)).toContain('NF 888');
  });

  it('shows older rows stored as "NF NF 123" with the prefix once', async () => {
    const item = await newItem(t, p);
    await t.app.db.insert(movements).values({
      organization_id: t.platformOrganizationId,
      type: 'ajuste',
      product_id: p.patrimonyProductId,
      patrimony_id: item.id,
      quantity: '1',
      document: 'NF NF 555',
    });
    expect(await documentsOf(`item=${item.id}`)).toContain('NF 555');
  });
});
