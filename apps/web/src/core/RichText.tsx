import { Box, type BoxProps } from '@mui/material';
import { forwardRef } from 'react';

/**
 * The one place where HTML reaches the page: rich text that the server sanitized on save
 * (sanitize-html: no scripts, event handlers or `javascript:` links) — wiki pages, FAQ answers and
 * release notes. Everything else the user typed is rendered as text by React. A test over the
 * source fails on any other `dangerouslySetInnerHTML`, `innerHTML` or HTML option of the dialog
 * library, so new code cannot open a second door.
 */
export const RichText = forwardRef<HTMLDivElement, Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> & { html: string }>(function RichText({ html, sx, ...rest }, ref) {
  return (
    <Box
      ref={ref}
      {...rest}
      sx={[{ overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' }, '& a': { color: 'primary.main' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
