import { defineEntity, defineModule } from '../kit/define';

export const webhookEntity = defineEntity({ entity: 'webhook', label: 'Webhook', plural: 'Webhooks', gender: 'm', webPath: '/organization-settings/webhook' });

export const webhookModule = defineModule({
  name: 'webhook',
  label: 'Webhooks',
  pages: [
    { path: '/organization-settings/webhook', title: 'Configurações da organização', page: 'Webhooks', gate: ['DATA_SOURCE'] },
    { path: '/organization-settings/webhook/create', title: 'Configurações da organização', page: 'Novo webhook' },
    { path: '/organization-settings/webhook/edit/:id', title: 'Configurações da organização', page: 'Editar webhook' },
  ],
  entities: [webhookEntity],
});
