import { crudPages, defineEntity, defineModule } from '../kit/define';

export const siteEntity = defineEntity({ entity: 'site', label: 'Site', plural: 'Sites', gender: 'm', webPath: '/site' });
export const networkAssetEntity = defineEntity({ entity: 'network_asset', label: 'Ativo de rede', plural: 'Ativos de rede', gender: 'm', webPath: '/asset' });
export const circuitEntity = defineEntity({ entity: 'circuit', label: 'Circuito', plural: 'Circuitos de operadora', gender: 'm', webPath: '/circuit' });
export const svcEntity = defineEntity({ entity: 'svc', label: 'SVC', plural: 'SVCs', gender: 'm', webPath: '/svc' });
export const lmcEntity = defineEntity({ entity: 'lmc', label: 'LMC', plural: 'LMCs', gender: 'f', webPath: '/lmc' });
export const lmxEntity = defineEntity({ entity: 'lmx', label: 'Segmento LMX', plural: 'Segmentos LMX', gender: 'm', link: (id: number) => `/lmx/edit/${id}` });
export const unionEntity = defineEntity({ entity: 'network_union', label: 'União', plural: 'Uniões', gender: 'f', webPath: '/union' });
export const unavailabilityEntity = defineEntity({
  entity: 'circuit_unavailability',
  label: 'Indisponibilidade',
  plural: 'Indisponibilidades',
  gender: 'f',
  link: (id: number) => `/circuit/unavailability/edit/${id}`,
});

export const networkModule = defineModule({
  name: 'network',
  label: 'Rede',
  pages: [
    ...crudPages('/svc', 'SVC', { gate: ['SVC'], icon: 'svc', group: 'Rede', create: 'Novo SVC', edit: 'Editar SVC' }),
    ...crudPages('/lmc', 'LMC', { gate: ['LMC'], icon: 'lmc', group: 'Rede', create: 'Nova LMC', edit: 'Editar LMC' }),
    { path: '/lmc/generate-script/:id', title: 'LMC', page: 'Gerar script MikroTik' },
    { path: '/lmc/topology/:id', title: 'LMC', page: 'Topologia' },
    // Segments are parts of an LMC: their pages open for whoever may open the LMC's.
    { path: '/lmx/create/:id', title: 'LMX', page: 'Novo segmento LMX', gate: ['LMC'] },
    { path: '/lmx/edit/:id', title: 'LMX', page: 'Editar segmento LMX', gate: ['LMC'] },
    ...crudPages('/site', 'Sites', { gate: ['SITE'], icon: 'site', group: 'Rede', create: 'Novo site', edit: 'Editar site' }),
    ...crudPages('/asset', 'Ativos de rede', { gate: ['NETWORK_ASSET'], icon: 'asset', group: 'Rede', create: 'Novo ativo', edit: 'Editar ativo' }),
    ...crudPages('/union', 'Uniões', { gate: ['UNION'], icon: 'union', group: 'Rede', create: 'Nova união', edit: 'Editar união' }),
    ...crudPages('/circuit', 'Circuitos de operadora', { gate: ['OPERATOR_CIRCUIT'], icon: 'circuit', group: 'Rede', create: 'Novo circuito', edit: 'Editar circuito' }),
    { path: '/circuit/:id/unavailability/', title: 'Indisponibilidades do circuito' },
    { path: '/circuit/:id/unavailability/create', title: 'Indisponibilidades do circuito', page: 'Nova indisponibilidade' },
    { path: '/circuit/unavailability/edit/:id', title: 'Indisponibilidades do circuito', page: 'Editar indisponibilidade' },
  ],
  entities: [
    siteEntity,
    networkAssetEntity,
    circuitEntity,
    unavailabilityEntity,
    svcEntity,
    lmcEntity,
    lmxEntity,
    unionEntity,
  ],
});
