/** Public parts of the revision module, for other modules' edit pages. */
export { RevisionHistory } from './RevisionHistory';
