/** What a panel inside a page shows before its rows: loading (two row-high skeletons) and empty (a framed sentence, an optional icon). */
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function PanelLoading() {
  return (
    <Box aria-label="Carregando">
      <Skeleton variant="rounded" height={40} sx={{ mb: 1 }} />
      <Skeleton variant="rounded" height={40} />
    </Box>
  );
}

export function EmptyPanel({ icon: Icon, children }: { icon?: SvgIconComponent; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      {Icon && <Icon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />}
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}
