import { Box } from '@mui/material';

/** Release note HTML: sanitized by the server (DESIGN §1, sanitize-html). */
export function NoteContent({ html }: { html: string }) {
  return (
    <Box
      sx={{ '& img': { maxWidth: '100%' }, '& a': { color: 'primary.main' }, overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
