import { defineModule } from '../kit/define';

export const viabilityModule = defineModule({
  name: 'viability',
  label: 'Viabilidade',
  pages: [
    { path: '/viability', title: 'Viabilidade', gate: ['VIABILITY', 'VIABILITY_TEMPLATE_PRODUCT'], menu: { label: 'Viabilidades', icon: 'viability', group: 'Viabilidade' } },
    { path: '/viability/:viabilityId/unit', title: 'Viabilidade', page: 'Unidades da viabilidade' },
    { path: '/viability/:viabilityId/unit/create', title: 'Viabilidade', page: 'Nova unidade' },
    { path: '/viability/:viabilityId/unit/edit/:unitId', title: 'Viabilidade', page: 'Editar unidade' },
    { path: '/viability/:viabilityId/unit/info/:unitId', title: 'Viabilidade', page: 'Detalhes da unidade' },
    { path: '/viability/unit/template', title: 'Modelos de unidade de viabilidade', gate: ['VIABILITY_TEMPLATE_PRODUCT'], menu: { label: 'Modelos de unidade', icon: 'template', group: 'Viabilidade' } },
    { path: '/viability/unit/template/create', title: 'Modelos de unidade de viabilidade', page: 'Novo modelo' },
    { path: '/viability/unit/template/edit/:id', title: 'Modelos de unidade de viabilidade', page: 'Editar modelo' },
    { path: '/viability/unit/viewer/cannot/:hash', title: 'Proposta de viabilidade', page: 'Atendimento não disponível', public: true },
    { path: '/viability/unit/viewer/:hash', title: 'Proposta de viabilidade', public: true },
  ],
});
