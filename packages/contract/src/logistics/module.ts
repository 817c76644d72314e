import { defineEntity, defineModule } from '../kit/define';

export const shipmentSolicitationEntity = defineEntity({
  entity: 'shipment_solicitation',
  label: 'Solicitação de envio',
  plural: 'Solicitações de envio',
  gender: 'f',
  webPath: '/shipment-solicitation',
});
export const shipmentEntity = defineEntity({ entity: 'shipment', label: 'Envio', plural: 'Envios', gender: 'm', webPath: '/shipment' });

export const logisticsModule = defineModule({
  name: 'logistics',
  label: 'Logística',
  pages: [
    { path: '/shipment-solicitation', title: 'Solicitações de envio', gate: ['ASSET_SHIPMENT'], menu: { label: 'Solicitações de envio', icon: 'request', group: 'Logística' } },
    { path: '/shipment-solicitation/create', title: 'Solicitações de envio', page: 'Nova solicitação' },
    { path: '/shipment-solicitation/edit/:id', title: 'Solicitações de envio', page: 'Editar solicitação' },
    { path: '/shipment', title: 'Envios', gate: ['ASSET_SHIPMENT'], menu: { label: 'Envios', icon: 'shipment', group: 'Logística' } },
    { path: '/shipment/edit/:id', title: 'Envios', page: 'Editar envio' },
    { path: '/receiving/:hash', title: 'Recebimento de envio', public: true },
  ],
  entities: [shipmentSolicitationEntity, shipmentEntity],
});
