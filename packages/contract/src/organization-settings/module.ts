import { crudPages, defineEntity, defineModule } from '../kit/define';

export const organizationSettingsEntity = defineEntity({
  entity: 'organization_settings',
  label: 'Configurações da organização',
  plural: 'Configurações da organização',
  gender: 'f',
  link: () => '/organization-settings',
});

export const organizationSettingsModule = defineModule({
  name: 'organization-settings',
  label: 'Configurações da organização',
  pages: [
    ...crudPages('/organization-settings', 'Configurações da organização', { icon: 'orgSettings', group: 'Administração' }),
    { path: '/organization-settings/external-activity', title: 'Configurações da organização', page: 'Atividades externas' },
    { path: '/organization-settings/viability', title: 'Configurações da organização', page: 'Viabilidade' },
    { path: '/organization-settings/warehouse', title: 'Configurações da organização', page: 'Almoxarifado' },
    { path: '/organization-settings/logistic', title: 'Configurações da organização', page: 'Logística' },
    { path: '/organization-settings/mikrotik', title: 'Configurações da organização', page: 'MikroTik' },
    { path: '/organization-settings/circuit', title: 'Configurações da organização', page: 'Circuitos de operadora' },
  ],
  entities: [organizationSettingsEntity],
});
