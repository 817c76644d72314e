/** The wiki: pages by path, versions, diffs, moves with redirects, search and uploads (`/api/wiki`). */
export { wikiRoutes } from './routes';
