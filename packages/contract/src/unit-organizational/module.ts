import { defineEntity, defineModule } from '../kit/define';

export const unitOrganizationalEntity = defineEntity({
  entity: 'unit_organizational',
  label: 'Unidade organizacional',
  plural: 'Unidades organizacionais',
  gender: 'f',
  link: (id: number) => `/unit-organizational/edit/${id}`,
});

export const unitOrganizationalModule = defineModule({
  name: 'unit-organizational',
  label: 'Unidades organizacionais',
  pages: [
    { path: '/organization/:id/unit-organizational/create', title: 'Unidades organizacionais', page: 'Nova unidade' },
    { path: '/unit-organizational/edit/:id', title: 'Unidades organizacionais', page: 'Editar unidade' },
  ],
  entities: [unitOrganizationalEntity],
});
