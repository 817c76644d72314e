/** /login (SPEC §4, §5, §8). */
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import type { LoginResponse } from '@operacoes/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { PlainTextField } from '../../core/PlainTextField';
import { loginErrorMessage, NO_STATUS, WELCOME_BACK } from '../../core/errors';
import { useSession } from '../../core/session';
import { isSessionValid, takeLastRoute } from '../../core/storage';
import { toast } from '../../core/toast';

type Form = { username: string; password: string };
type Errors = Partial<Record<keyof Form, string>>;

const validate = (v: Form): Errors => ({
  ...(v.username.trim() ? {} : { username: 'Informe o usuário' }),
  ...(v.password ? {} : { password: 'Informe a senha' }),
});

/**
 * POST /api/login with fetch: the first page most users load carries neither axios nor a form
 * library (about 34 KB gzip); the app's axios instance loads with the pages after it.
 */
async function postLogin(body: Form): Promise<{ status: number; data: unknown }> {
  const r = await fetch('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, data: await r.json().catch(() => undefined) };
}

export default function LoginPage() {
  const { user, login } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<Form>({ username: '', password: '' });
  // Errors appear on the first submit, every one at once, and follow the typing after it.
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validate(values) : {};
  const field = (name: keyof Form) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: !!errors[name],
    helperText: errors[name],
  });

  useEffect(() => {
    document.title = 'Entrar · Operações';
  }, []);

  // Already logged in when arriving here: go home (not after a submit: that one navigates itself).
  const [alreadyIn] = useState(() => !!user && isSessionValid());
  if (alreadyIn) return <Navigate to="/" replace />;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    const invalid = Object.keys(validate(values));
    if (invalid.length) {
      // The cursor goes to the first field to fill, as in every other form.
      e.currentTarget.querySelector<HTMLInputElement>(`input[name="${invalid[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await postLogin({ username: values.username.trim(), password: values.password });
      const data = r.data as LoginResponse | undefined;
      const error = loginErrorMessage(r.status, r.data);
      if (error || !data?.token) {
        toast.error(error ?? 'Erro ao executar ação!');
        return;
      }
      login(data);
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
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
        Entrar
      </Typography>
      <Stack spacing={2}>
        <PlainTextField
          label="Usuário"
          autoComplete="username"
          autoFocus
          {...field('username')}
          data-testid="login-username"
        />
        <PlainTextField
          label="Senha"
          type="password"
          autoComplete="current-password"
          {...field('password')}
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
