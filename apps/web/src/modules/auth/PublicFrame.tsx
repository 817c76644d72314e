/** Frame of the public pages (SPEC §2): centred card, product name, no menu. */
import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { PublicRouteHandle } from '../../core/publicLink';

export default function PublicFrame() {
  const operatorBrand = useMatches().some((m) => (m.handle as PublicRouteHandle | undefined)?.operatorBrand);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        p: { xs: 1.5, sm: 3 },
        bgcolor: 'background.default',
      }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 }, mt: { xs: 3, sm: 0 } }}>
        {!operatorBrand && (
          <>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, textAlign: 'center', mb: 0.5 }}>
              Operações
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
              Rede, patrimônio e almoxarifado
            </Typography>
          </>
        )}
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
              <CircularProgress aria-label="Carregando" />
            </Box>
          }
        >
          <Outlet />
        </Suspense>
      </Paper>
    </Box>
  );
}
