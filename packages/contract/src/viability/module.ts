import { crudPages, defineEntity, defineModule } from '../kit/define';

export const viabilityTemplateEntity = defineEntity({ entity: 'viability_unit_template', label: 'Modelo de unidade', plural: 'Modelos de unidade', gender: 'm', webPath: '/viability/unit/template' });
/** SPEC §2 has no create/edit pages for viabilities: they are edited in a dialog on `/viability`, opened on their units. */
export const viabilityEntity = defineEntity({ entity: 'viability', label: 'Viabilidade', plural: 'Viabilidades', gender: 'f', webPath: '/viability', link: (id: number) => `/viability/${id}/unit` });
/** A unit's record opens on its info page (the link needs the viability too: the revision log links the list). */
export const viabilityUnitEntity = defineEntity({ entity: 'viability_unit', label: 'Unidade', plural: 'Unidades', gender: 'f', link: null });

/** The organization's plans are kept on the viability settings page. */
export const viabilityPlanEntity = defineEntity({ entity: 'viability_plan', label: 'Plano', plural: 'Planos', gender: 'm', webPath: '/organization-settings/viability', link: () => '/organization-settings/viability' });

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
  entities: [viabilityTemplateEntity, viabilityEntity, viabilityUnitEntity, viabilityPlanEntity],
});
