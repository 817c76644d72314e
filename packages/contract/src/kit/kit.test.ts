import { describe, expect, it } from 'vitest';
import './zod-pt-br';
import { dataSourceUpdate } from '../data-source';
import { cityUpdate } from '../locale';
import { shipmentSolicitationUpdate, shipmentUpdate } from '../logistics';
import { organizationUpdate } from '../organization';
import { unitUpdate } from '../unit-organizational';
import { userUpdate } from '../user';
import { dateOnly, dateOrDateTime } from './validators';
import { patrimonyCreate, productUpdate, sectionUpdate, stockUpdate } from '../warehouse';

describe('update schemas keep what a PUT omits', () => {
  it('fill in no defaults: an omitted field stays omitted', () => {
    expect(userUpdate.parse({ is_active: true })).toEqual({ is_active: true });
    expect(userUpdate.parse({})).toEqual({});
    expect(organizationUpdate.parse({ fantasy_name: 'Provedor' })).toEqual({ fantasy_name: 'Provedor' });
    expect(dataSourceUpdate.parse({ name: 'Fonte' })).toEqual({ name: 'Fonte' });
    for (const schema of [stockUpdate, sectionUpdate, productUpdate, unitUpdate, cityUpdate, shipmentSolicitationUpdate]) expect(schema.parse({})).toEqual({});
  });
  it('still validate and transform what is sent', () => {
    expect(userUpdate.parse({ super_admin: 1 })).toEqual({ super_admin: true });
    expect(userUpdate.safeParse({ permissions: ['NAO_EXISTE'] }).success).toBe(false);
    expect(dataSourceUpdate.safeParse({ headers: { Authorization: 'Bearer x' } }).success).toBe(false);
    expect(organizationUpdate.parse({ zip_code: null })).toEqual({ zip_code: null });
    expect(productUpdate.safeParse({ name: '' }).success).toBe(false);
  });
});

describe('dates in the accepted range (1900–2999)', () => {
  it.each(['0000-01-01', '1899-12-31', '3000-01-01', '9999-12-31', '2024-02-30'])('refuses %s', (d) => {
    expect(dateOnly.safeParse(d).success).toBe(false);
    expect(dateOrDateTime.safeParse(d).success).toBe(false);
  });
  it('accepts business dates and date-times with offset', () => {
    expect(dateOnly.parse('2026-01-15')).toBe('2026-01-15');
    expect(dateOrDateTime.parse('2026-01-15T10:00:00-03:00')).toBe('2026-01-15T10:00:00-03:00');
    expect(dateOrDateTime.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
  });
  it('is the schema of acquisition, wanted and expected dates', () => {
    expect(patrimonyCreate.safeParse({ product_id: 1, section_id: 1, acquisition_date: '0000-01-01' }).success).toBe(false);
    expect(shipmentSolicitationUpdate.safeParse({ wanted_date: '0000-01-01' }).success).toBe(false);
    expect(shipmentUpdate.safeParse({ expected_date: '0000-01-01' }).success).toBe(false);
  });
});
