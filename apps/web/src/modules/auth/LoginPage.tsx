/** /login (SPEC §4, §5, §8). */
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import type { LoginResponse } from '@operacoes/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { api } from '../../core/api';
import { PlainTextField } from '../../core/PlainTextField';
import { loginErrorMessage, NO_STATUS, WELCOME_BACK } from '../../core/errors';
import { useSession } from '../../core/session';
import { isSessionValid, takeLastRoute } from '../../core/storage';
import { toast } from '../../core/toast';

type Form = { username: string; password: string };

export default function LoginPage() {
  const { user, login } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Form>({ defaultValues: { username: '', password: '' } });

  useEffect(() => {
    document.title = 'Entrar · Operações';
  }, []);

  // Already logged in when arriving here: go home (not after a submit: that one navigates itself).
  const [alreadyIn] = useState(() => !!user && isSessionValid());
  if (alreadyIn) return <Navigate to="/" replace />;

  const onSubmit = async (values: Form) => {
    setBusy(true);
    try {
      const r = await api.post<LoginResponse>('/login', { username: values.username.trim(), password: values.password }, {
        silent: true,
        validateStatus: () => true,
      });
      const error = loginErrorMessage(r.status, r.data);
      if (error || !r.data?.token) {
        toast.error(error ?? 'Erro ao executar ação!');
        return;
      }
      login(r.data);
      toast.success(WELCOME_BACK);
      navigate(takeLastRoute(), { replace: true });
    } catch {
      // The installed app opens without signal, but logging in needs the server.
      toast.error(navigator.onLine ? NO_STATUS : 'Sem conexão');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
        Entrar
      </Typography>
      <Stack spacing={2}>
        <PlainTextField
          label="Usuário"
          autoComplete="username"
          autoFocus
          {...register('username', { validate: (v) => v.trim().length > 0 || 'Informe o usuário' })}
          error={!!errors.username}
          helperText={errors.username?.message}
          data-testid="login-username"
        />
        <PlainTextField
          label="Senha"
          type="password"
          autoComplete="current-password"
          {...register('password', { required: 'Informe a senha' })}
          error={!!errors.password}
          helperText={errors.password?.message}
          data-testid="login-password"
        />
        <Button type="submit" variant="contained" size="large" loading={busy}>
          Entrar
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgot-password">
            Esqueci minha senha
          </Link>
          <Link component={RouterLink} to="/register">
            Criar conta
          </Link>
        </Box>
      </Stack>
    </Box>
  );
}
