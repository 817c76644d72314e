import { describe, expect, it } from 'vitest';
import { routeGate } from './RouteGate';

describe('routeGate', () => {
  it('a page inherits the gate of its module route', () => {
    expect(routeGate('/stock')).toEqual(['STOCK', 'STOCK.INDEX']);
    expect(routeGate('/stock/info/:id')).toEqual(['STOCK', 'STOCK.INDEX']);
    expect(routeGate('/shipment/edit/:id')).toEqual(['ASSET_SHIPMENT', 'ASSET_SHIPMENT.INDEX']);
    expect(routeGate('/user/create')).toEqual(['USER', 'USER.INDEX']);
    expect(routeGate('/organization/edit/:id')).toEqual(['ORG', 'ORG.INDEX']);
  });
  it('the longest gate wins, segment by segment', () => {
    expect(routeGate('/external-activity/assistance-type/create')).toEqual(['ASSISTANCE_TYPE', 'ASSISTANCE_TYPE.INDEX']);
    expect(routeGate('/organization-settings/data-source/edit/:id')).toEqual(['DATA_SOURCE', 'DATA_SOURCE.INDEX']);
    expect(routeGate('/organization-settings')).toEqual([]);
    expect(routeGate('/revision')).toEqual(['LOG', 'LOG.INDEX', 'LOG.READ']);
  });
  it('pages for everyone have no gate', () => {
    expect(routeGate('/')).toEqual([]);
    expect(routeGate('/my-account')).toEqual([]);
    expect(routeGate('/warehouse')).toEqual([]);
  });
});
