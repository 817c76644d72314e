import { defineEntity, defineModule } from '../kit/define';

export const countryEntity = defineEntity({ entity: 'country', label: 'País', plural: 'Países', gender: 'm' });
export const stateEntity = defineEntity({ entity: 'state', label: 'Estado', plural: 'Estados', gender: 'm' });
export const cityEntity = defineEntity({ entity: 'city', label: 'Cidade', plural: 'Cidades', gender: 'f' });

export const localeModule = defineModule({
  name: 'locale',
  label: 'Localidades',
  pages: [
    { path: '/locale', title: 'Localidades (cidades, estados e países)', gate: ['CITY', 'STATE', 'COUNTRY'], menu: { label: 'Localidades', icon: 'locale', group: 'Administração' } },
  ],
  entities: [countryEntity, stateEntity, cityEntity],
});
