import { crudPages, defineModule } from '../kit/define';

export const viabilityModule = defineModule({
  name: 'viability',
  label: 'Viabilidade',
  pages: [
    ...crudPages('/viability', 'Viabilidade', { gate: ['VIABILITY', 'VIABILITY_TEMPLATE_PRODUCT'], icon: 'viability', group: 'Viabilidade', menuLabel: 'Viabilidades' }),
    { path: '/viability/:viabilityId/unit', title: 'Viabilidade', page: 'Unidades da viabilidade' },
    { path: '/viability/:viabilityId/unit/create', title: 'Viabilidade', page: 'Nova unidade' },
    { path: '/viability/:viabilityId/unit/edit/:unitId', title: 'Viabilidade', page: 'Editar unidade' },
    { path: '/viability/:viabilityId/unit/info/:unitId', title: 'Viabilidade', page: 'Detalhes da unidade' },
    ...crudPages('/viability/unit/template', 'Modelos de unidade de viabilidade', { gate: ['VIABILITY_TEMPLATE_PRODUCT'], icon: 'template', group: 'Viabilidade', menuLabel: 'Modelos de unidade', create: 'Novo modelo', edit: 'Editar modelo' }),
    { path: '/viability/unit/viewer/cannot/:hash', title: 'Proposta de viabilidade', page: 'Atendimento não disponível', public: true },
    { path: '/viability/unit/viewer/:hash', title: 'Proposta de viabilidade', public: true },
  ],
});
