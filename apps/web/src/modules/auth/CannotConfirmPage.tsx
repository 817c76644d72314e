import { Alert, Button, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';

export default function CannotConfirmPage() {
  useEffect(() => {
    document.title = 'Não foi possível confirmar · Operações';
  }, []);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
        Não foi possível confirmar
      </Typography>
      <Alert severity="error" sx={{ mb: 2 }}>
        O link de confirmação é inválido, expirou ou já foi utilizado. Se você já confirmou o cadastro, basta entrar; caso
        contrário, faça um novo cadastro ou procure o administrador da sua organização.
      </Alert>
      <Button component={RouterLink} to="/login" variant="contained" fullWidth>
        Ir para o login
      </Button>
    </>
  );
}
