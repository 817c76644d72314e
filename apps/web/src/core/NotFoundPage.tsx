import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from './PageTitle';

export default function NotFoundPage() {
  return (
    <Box>
      <PageTitle title="Página não encontrada" />
      <Typography color="text.secondary">O endereço acessado não existe.</Typography>
      <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 2 }}>
        Voltar ao início
      </Button>
    </Box>
  );
}
