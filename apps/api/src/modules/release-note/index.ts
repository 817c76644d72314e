/** Release notes (`/api/release-note`). */
export { releaseNoteRoutes } from './routes';
