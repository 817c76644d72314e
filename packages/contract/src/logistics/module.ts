import { crudPages, defineEntity, defineModule } from '../kit/define';

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
    ...crudPages('/shipment-solicitation', 'Solicitações de envio', { gate: ['ASSET_SHIPMENT'], icon: 'request', group: 'Logística', create: 'Nova solicitação', edit: 'Editar solicitação' }),
    ...crudPages('/shipment', 'Envios', { gate: ['ASSET_SHIPMENT'], icon: 'shipment', group: 'Logística', edit: 'Editar envio' }),
    { path: '/receiving/:hash', title: 'Recebimento de envio', public: true },
  ],
  entities: [shipmentSolicitationEntity, shipmentEntity],
});
