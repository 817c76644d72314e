/** /register: a new organization and its first administrator (confirmed by e-mail). */
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { registerBody } from '@operacoes/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { api } from '../../core/api';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { BackToLogin } from './parts';

export default function RegisterPage() {
  const [done, setDone] = useState<string | null>(null);
  const form = useSchemaForm(registerBody, {
    organization: { fantasy_name: '', legal_name: '' },
    username: '',
    email: '',
    password: '',
    person: { nickname: '', full_name: '' },
  });

  if (done)
    return (
      <Box>
        <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
          Confirme seu e-mail
        </Typography>
        <Alert severity="success">{done}</Alert>
        <BackToLogin />
      </Box>
    );

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
        Criar conta
      </Typography>
      <ResourceForm
        form={form}
        guard={false}
        submitLabel="Criar conta"
        ariaLabel="Cadastro"
        onSubmit={async (v) => {
          const body = { ...v, organization: { ...v.organization, legal_name: v.organization.legal_name || undefined } };
          const r = await api.post<{ message?: string }>('/register', body);
          return r.data;
        }}
        onSuccess={(r) =>
          setDone(
            (r as { message?: string })?.message ??
              'Cadastro recebido. Enviamos uma mensagem para o seu e-mail: siga as instruções dela para concluir.',
          )
        }
      >
        <Stack spacing={2}>
          <Typography variant="subtitle2" component="h2">
            Organização
          </Typography>
          <FormText name="organization.fantasy_name" label="Nome fantasia" required autoFocus />
          <FormText name="organization.legal_name" label="Razão social (opcional)" />
          <Typography variant="subtitle2" component="h2">
            Administrador
          </Typography>
          <FormText name="person.full_name" label="Nome completo" required autoComplete="name" />
          <FormText name="person.nickname" label="Apelido" required autoComplete="nickname" />
          <FormText name="email" label="E-mail" type="email" required autoComplete="email" />
          <FormText name="username" label="Usuário" required autoComplete="username" />
          <FormText name="password" label="Senha" type="password" required autoComplete="new-password" helperText="Mínimo de 8 caracteres; evite senhas comuns e seus dados pessoais" />
        </Stack>
      </ResourceForm>
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 2 }}>
        Já tenho conta
      </Link>
    </Box>
  );
}
