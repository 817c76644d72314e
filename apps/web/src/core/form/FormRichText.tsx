/** A rich text (HTML) field bound to the surrounding form; the editor (TinyMCE) loads on first use. */
import { Box, CircularProgress, FormHelperText } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useBoundField } from './boundField';

const RichTextEditor = lazy(() => import('../RichTextEditor'));

export function FormRichText({ name, label }: { name: string; label: string }) {
  const f = useBoundField<string | null | undefined>(name);
  return (
    <Box>
      <Suspense fallback={<CircularProgress aria-label="Carregando editor" />}>
        <RichTextEditor value={f.value ?? ''} onChange={f.onChange} label={label} />
      </Suspense>
      {f.error && <FormHelperText error>{f.helperText}</FormHelperText>}
    </Box>
  );
}
