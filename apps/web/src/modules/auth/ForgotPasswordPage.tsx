/** /forgot-password: asks for a reset link by e-mail (the API answers 200 for any address). */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { forgotPasswordRequest } from '@operacoes/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../core/api';
import { AuthForm } from './parts';

type Form = z.input<typeof forgotPasswordRequest>;

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(forgotPasswordRequest), defaultValues: { email: '' } });

  const onSubmit = async (v: Form) => {
    try {
      const r = await api.post<{ message?: string }>('/forgot-password/request', v);
      setSent(
        r.data?.message ??
          'Se o e-mail estiver cadastrado, você receberá em instantes um link para criar uma nova senha.',
      );
    } catch {
      /* toast shown by the API client */
    }
  };

  return (
    <AuthForm title="Recuperar senha" titleGap={1} onSubmit={handleSubmit(onSubmit)}>
      {sent ? (
        <Alert severity="success" sx={{ my: 2 }}>
          {sent} Verifique também a caixa de spam.
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Typography color="text.secondary">Informe o e-mail da sua conta para receber o link de redefinição.</Typography>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            autoFocus
            {...register('email')}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Enviar link
          </Button>
        </Stack>
      )}
    </AuthForm>
  );
}
