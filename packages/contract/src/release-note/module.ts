import { defineEntity, defineModule } from '../kit/define';

export const releaseNoteEntity = defineEntity({ entity: 'release_note', label: 'Nota de versão', plural: 'Notas de versão', gender: 'f', webPath: '/release-notes', link: () => '/release-notes' });

export const releaseNoteModule = defineModule({
  name: 'release-note',
  label: 'Notas de versão',
  pages: [
    { path: '/release-notes', title: 'Notas de versão' },
  ],
  entities: [releaseNoteEntity],
});
