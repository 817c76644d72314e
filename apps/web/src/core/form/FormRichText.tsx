/** A rich text (HTML) field bound to the surrounding form; the editor (TinyMCE) loads on first use. */
import { Box, CircularProgress, FormHelperText } from '@mui/material';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useBoundField } from './boundField';

const RichTextEditor = lazy(() => import('../RichTextEditor'));

/** The editor's optional parts (uploads, the link dialog's list, height), passed through. */
type EditorExtras = Pick<ComponentProps<typeof RichTextEditor>, 'upload' | 'links' | 'height'>;

export function FormRichText({ name, label, ...extras }: { name: string; label: string } & EditorExtras) {
  const f = useBoundField<string | null | undefined>(name, undefined, label);
  return (
    <Box>
      <Suspense fallback={<CircularProgress aria-label="Carregando editor" />}>
        <RichTextEditor value={f.value ?? ''} onChange={f.onChange} label={label} {...extras} />
      </Suspense>
      {f.error && <FormHelperText error>{f.helperText}</FormHelperText>}
    </Box>
  );
}
