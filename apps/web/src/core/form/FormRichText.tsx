/** A rich text (HTML) field bound to the surrounding form; the editor (TinyMCE) loads on first use. */
import { Box, CircularProgress, FormHelperText } from '@mui/material';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useBoundField } from './boundField';

const RichTextEditor = lazy(() => import('../RichTextEditor'));

/** The editor's optional parts (uploads, the link dialog's list, height), passed through. */
type EditorExtras = Pick<ComponentProps<typeof RichTextEditor>, 'upload' | 'links' | 'height'>;

/** The editor's height when the page does not choose one (TinyMCE's box, toolbar included). */
const EDITOR_HEIGHT = 360;

export function FormRichText({ name, label, height = EDITOR_HEIGHT, ...extras }: { name: string; label: string } & EditorExtras) {
  const f = useBoundField<string | null | undefined>(name, undefined, label);
  return (
    <Box>
      {/* The editor's place is kept while it loads: the fields below it do not move under a finger or a click. */}
      <Suspense
        fallback={
          <Box sx={{ height, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Carregando editor" />
          </Box>
        }
      >
        <RichTextEditor value={f.value ?? ''} onChange={f.onChange} label={label} height={height} {...extras} />
      </Suspense>
      {f.error && <FormHelperText error>{f.helperText}</FormHelperText>}
    </Box>
  );
}
