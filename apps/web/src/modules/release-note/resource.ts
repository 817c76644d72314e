import { releaseNoteResource } from '@operacoes/contract';
import { resourceApi } from '../../core/resource';

/** Create, update and delete of release notes (the page only: it loads the contract's schemas anyway). */
export const releaseNoteApi = resourceApi(releaseNoteResource);
