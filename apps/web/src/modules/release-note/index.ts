/** Public parts of the release-note module: the "what's new" dialog shown by the layout. */
export { default as WhatsNewDialog } from './WhatsNewDialog';
