import { Alert, Button, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';

export default function ConfirmedPage() {
  useEffect(() => {
    document.title = 'Cadastro confirmado · Operações';
  }, []);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
        Cadastro confirmado
      </Typography>
      <Alert severity="success" sx={{ mb: 2 }}>
        Seu e-mail foi confirmado com sucesso. Você já pode entrar no sistema.
      </Alert>
      <Button component={RouterLink} to="/login" variant="contained" fullWidth>
        Ir para o login
      </Button>
    </>
  );
}
