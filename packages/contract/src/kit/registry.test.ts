import { describe, expect, it } from 'vitest';
import { countryResource, ENTITY_LABELS, ENTITY_LINKS, MENU_ITEMS, MODULES, PAGES, releaseNoteResource, ROUTE_PERMISSIONS, routeRequirement, stockResource } from '../index';

describe('the module registry', () => {
  it('derives the revision log labels and links from the entities', () => {
    expect(ENTITY_LABELS.stock).toBe('Estoque');
    expect(ENTITY_LINKS.stock(3)).toBe('/stock/edit/3');
    expect(ENTITY_LINKS.patrimony_solicitation(4)).toBe('/patrimony-solicitation?id=4');
    expect(ENTITY_LINKS.data_source(5)).toBe('/organization-settings/data-source/edit/5');
    expect(ENTITY_LINKS.country).toBeUndefined();
    expect(Object.keys(ENTITY_LABELS)).toHaveLength(38);
    expect(ENTITY_LINKS.webhook(9)).toBe('/organization-settings/webhook/edit/9');
    expect(ENTITY_LINKS.viability(4)).toBe('/viability/4/unit');
    expect(ENTITY_LINKS.viability_plan(7)).toBe('/organization-settings/viability');
    expect(ENTITY_LINKS.viability_unit_template(2)).toBe('/viability/unit/template/edit/2');
    expect(ENTITY_LINKS.viability_unit).toBeUndefined();
    expect(ENTITY_LINKS.project(6)).toBe('/project/edit/6');
    expect(ENTITY_LINKS.project_task).toBeUndefined();
    expect(ENTITY_LINKS.external_activity(8)).toBe('/external-activity/edit/8');
    expect(ENTITY_LINKS.assistance_type(2)).toBe('/external-activity/assistance-type/edit/2');
    expect(ENTITY_LINKS.lmx(3)).toBe('/lmx/edit/3');
    expect(ENTITY_LINKS.network_union(4)).toBe('/union/edit/4');
    expect(ENTITY_LINKS.circuit(7)).toBe('/circuit/edit/7');
    expect(ENTITY_LINKS.circuit_unavailability(8)).toBe('/circuit/unavailability/edit/8');
    expect(ENTITY_LINKS.site(3)).toBe('/site/edit/3');
    expect(ENTITY_LINKS.network_asset(4)).toBe('/asset/edit/4');
  });

  it('derives the route gates from the pages', () => {
    expect(ROUTE_PERMISSIONS['/revision']).toEqual(['LOG', 'LOG.READ']);
    expect(routeRequirement('/stock')).toEqual(['STOCK', 'STOCK.INDEX']);
    expect(routeRequirement('/patrimony-area')).toContain('SECTION.INDEX');
  });

  it('has each route once, in one module', () => {
    const paths = PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(MODULES.map((m) => m.name)).size).toBe(MODULES.length);
  });

  it('builds the menu in group order', () => {
    expect(MENU_ITEMS.map((g) => g.group)).toEqual(['', 'Viabilidade', 'Almoxarifado', 'Logística', 'Campo', 'Rede', 'Administração']);
    expect(MENU_ITEMS[2].items.map((i) => i.path)).toEqual(['/warehouse', '/stock', '/section', '/product', '/patrimony', '/patrimony-solicitation', '/movements', '/van']);
  });

  it('gives resources their access from the permission, or their own rule', () => {
    expect(stockResource.access).toEqual({ read: { read: 'STOCK' }, write: { write: 'STOCK' } });
    expect(releaseNoteResource.access.write).toBe('superAdmin');
    expect(countryResource.link).toBeNull();
    expect(stockResource.link?.(1)).toBe('/stock/edit/1');
  });
});
