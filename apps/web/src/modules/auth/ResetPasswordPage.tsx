/** /forgot-password/reset/:hash: sets a new password from the e-mailed link. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { forgotPasswordReset } from '@operacoes/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { api, isAxiosError } from '../../core/api';
import { toast } from '../../core/toast';
import { AuthForm } from './parts';

const schema = forgotPasswordReset
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'As senhas não conferem', path: ['confirm'] });
type Form = z.input<typeof schema>;

export default function ResetPasswordPage() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = async (v: Form) => {
    try {
      await api.post(`/forgot-password/reset/${encodeURIComponent(hash)}`, { password: v.password });
      toast.success('Senha alterada! Entre com a nova senha.');
      navigate('/login', { replace: true });
    } catch (e) {
      if (isAxiosError(e) && e.response?.status === 404) {
        setInvalid((e.response.data as { message?: string })?.message ?? 'Link inválido ou expirado.');
      }
    }
  };

  return (
    <AuthForm title="Nova senha" onSubmit={handleSubmit(onSubmit)}>
      {invalid && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {invalid} <Link component={RouterLink} to="/forgot-password">Solicitar um novo link</Link>
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          autoFocus
          {...register('password')}
          error={!!errors.password}
          helperText={errors.password?.message ?? 'Mínimo de 8 caracteres; evite senhas comuns e seus dados pessoais'}
        />
        <TextField
          label="Confirme a nova senha"
          type="password"
          autoComplete="new-password"
          {...register('confirm')}
          error={!!errors.confirm}
          helperText={errors.confirm?.message}
        />
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Salvar nova senha
        </Button>
      </Stack>
    </AuthForm>
  );
}
