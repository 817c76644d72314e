import { crudPages, defineEntity, defineModule } from '../kit/define';

export const countryEntity = defineEntity({ entity: 'country', label: 'País', plural: 'Países', gender: 'm' });
export const stateEntity = defineEntity({ entity: 'state', label: 'Estado', plural: 'Estados', gender: 'm' });
export const cityEntity = defineEntity({ entity: 'city', label: 'Cidade', plural: 'Cidades', gender: 'f' });

export const localeModule = defineModule({
  name: 'locale',
  label: 'Localidades',
  pages: [
    ...crudPages('/locale', 'Localidades (cidades, estados e países)', { gate: ['CITY', 'STATE', 'COUNTRY'], icon: 'locale', group: 'Administração', menuLabel: 'Localidades' }),
  ],
  entities: [countryEntity, stateEntity, cityEntity],
});
