import { crudPages, defineEntity, defineModule } from '../kit/define';

export const webhookEntity = defineEntity({ entity: 'webhook', label: 'Webhook', plural: 'Webhooks', gender: 'm', webPath: '/organization-settings/webhook' });

export const webhookModule = defineModule({
  name: 'webhook',
  label: 'Webhooks',
  pages: crudPages('/organization-settings/webhook', 'Configurações da organização', { gate: ['DATA_SOURCE'], list: 'Webhooks', create: 'Novo webhook', edit: 'Editar webhook' }),
  entities: [webhookEntity],
});
