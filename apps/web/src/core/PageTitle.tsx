import { Box, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { Hint } from './Section';

/** The page heading; also sets the document title. */
export function PageTitle({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Operações`;
  }, [title]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Hint>{subtitle}</Hint>
      </Box>
      {actions && (
        // Header buttons keep their label width and wrap below the title when the row is narrow.
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', maxWidth: '100%' }}>{actions}</Box>
      )}
    </Box>
  );
}
