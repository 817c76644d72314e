import { defineModule } from '../kit/define';

export const revisionModule = defineModule({
  name: 'revision',
  label: 'Log de revisões',
  pages: [
    { path: '/revision', title: 'Log de revisões', gate: ['LOG', 'LOG.READ'], menu: { label: 'Log de revisões', icon: 'revision', group: 'Administração' } },
  ],
});
