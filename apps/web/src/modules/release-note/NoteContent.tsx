import { RichText } from '../../core/RichText';

/** Release note HTML: sanitized by the server (DESIGN §1, sanitize-html). */
export function NoteContent({ html }: { html: string }) {
  return <RichText html={html} />;
}
