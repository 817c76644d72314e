import { crudPages, defineModule } from '../kit/define';

export const revisionModule = defineModule({
  name: 'revision',
  label: 'Log de revisões',
  pages: [
    ...crudPages('/revision', 'Log de revisões', { gate: ['LOG', 'LOG.READ'], icon: 'revision', group: 'Administração' }),
  ],
});
