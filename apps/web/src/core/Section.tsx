/** Small layout pieces of record pages: titled sections and label/value grids. */
import { Box, Paper, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/** A muted line under a heading (a subtitle, a hint, a figure's detail); nothing when empty. */
export function Hint({ children, sx }: { children?: ReactNode; sx?: SxProps<Theme> }) {
  if (!children) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={sx}>
      {children}
    </Typography>
  );
}

/** A titled block of a page; `hint` is a line under the title, `actions` buttons beside it. */
export function Section({ title, children, actions, hint }: { title: string; children: ReactNode; actions?: ReactNode; hint?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2 }} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: hint ? 0.5 : 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      <Hint sx={{ mb: 1.5 }}>{hint}</Hint>
      {children}
    </Paper>
  );
}

/** A definition list in one or two columns; empty values show "—". */
export function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1.25 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
