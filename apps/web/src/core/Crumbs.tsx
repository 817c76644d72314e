/** "Você está em": the links above a page's title, then where the user is now (plain text). */
import { Breadcrumbs, Link, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export type Crumb = { to: string; label: ReactNode };

export function Crumbs({ trail, current, sx = { mb: 1 } }: { trail: Crumb[]; current: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Breadcrumbs aria-label="Você está em" sx={sx}>
      {trail.map((c) => (
        <Link key={c.to} component={RouterLink} to={c.to} underline="hover" color="inherit">
          {c.label}
        </Link>
      ))}
      <Typography color="text.primary">{current}</Typography>
    </Breadcrumbs>
  );
}
