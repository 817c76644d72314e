/** A page for a module that is not built yet: names the module in pt-BR (its issue replaces it). */
import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { PageTitle } from './PageTitle';

export default function Placeholder({ module, page }: { module: string; page?: string }) {
  const params = useParams();
  const ids = Object.entries(params).filter(([, v]) => v);
  return (
    <Box>
      <PageTitle title={module} subtitle={page} />
      <Paper sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }} variant="outlined">
        <ConstructionIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          Módulo {module} em construção
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Esta tela ainda não está disponível nesta versão.
          {ids.length > 0 && ` (${ids.map(([k, v]) => `${k}: ${v}`).join(', ')})`}
        </Typography>
        <Button component={RouterLink} to="/" sx={{ mt: 2 }} variant="outlined">
          Voltar ao início
        </Button>
      </Paper>
    </Box>
  );
}
