/** /my-account: profile (nickname, full name, e-mail, picture with preview), password change and API tokens. */
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Alert, Avatar, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { changePasswordBody, meUpdate, type UserRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { api } from '../../core/api';
import { PageTitle } from '../../core/PageTitle';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { useSession } from '../../core/session';
import { replaceToken } from '../../core/storage';
import { toast } from '../../core/toast';
import { Section } from '../../core/Section';
import { ApiTokens } from '../user';

const MAX_PICTURE = 2 * 1024 * 1024;
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

const profileSchema = meUpdate.pick({ email: true }).extend({
  email: z.email('E-mail inválido').max(180),
  person: z.object({
    nickname: z.string().trim().min(1, 'Informe o apelido').max(100),
    full_name: z.string().trim().min(1, 'Informe o nome completo').max(200),
  }),
});
const passwordSchema = changePasswordBody
  .extend({ confirm: z.string() })
  .refine((v) => v.new_password === v.confirm, { message: 'As senhas não conferem', path: ['confirm'] });

type Me = UserRead & { settings?: unknown };

function Picture({ me }: { me: Me }) {
  const { updateUser } = useSession();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (f: File | undefined) => {
    if (!f) return;
    if (!PICTURE_TYPES.includes(f.type)) return toast.warning('Use uma imagem PNG, JPEG ou WebP.');
    if (f.size > MAX_PICTURE) return toast.warning('A imagem deve ter no máximo 2 MB.');
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const fd = new FormData();
      fd.append('file', file);
      const r = await api.post<{ picture: string }>('/me/picture', fd);
      updateUser({ picture: r.data.picture });
      void qc.invalidateQueries({ queryKey: ['me'] });
      setFile(null);
      setPreview(null);
      toast.success('Foto atualizada!');
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={preview ?? me.picture ?? undefined} alt={`Foto de ${me.person.nickname}`} sx={{ width: 96, height: 96, fontSize: 36 }}>
        {me.person.nickname.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack spacing={1} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        <input
          ref={input}
          type="file"
          accept={PICTURE_TYPES.join(',')}
          hidden
          aria-label="Escolher foto"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()}>
            Escolher foto
          </Button>
          {file && (
            <Button variant="contained" onClick={() => void upload()} loading={busy}>
              Enviar foto
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          PNG, JPEG ou WebP, até 2 MB.
        </Typography>
      </Stack>
    </Stack>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const { updateUser } = useSession();
  const qc = useQueryClient();
  const form = useSchemaForm(profileSchema, {
    email: me.email,
    person: { nickname: me.person.nickname, full_name: me.person.full_name },
  });
  return (
    <ResourceForm
      form={form}
      ariaLabel="Perfil"
      submitLabel="Salvar perfil"
      onSubmit={async (v) => (await api.put<Me>('/me', v)).data}
      onSuccess={(r) => {
        const u = r as Me;
        updateUser({ person: u.person });
        void qc.setQueryData(['me'], u);
        toast.success('Perfil atualizado!');
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <FormText name="person.full_name" label="Nome completo" required autoComplete="name" />
        <FormText name="person.nickname" label="Apelido" required autoComplete="nickname" />
        <FormText name="email" label="E-mail" type="email" required autoComplete="email" />
      </Box>
    </ResourceForm>
  );
}

function PasswordForm() {
  const form = useSchemaForm(passwordSchema, { current_password: '', new_password: '', confirm: '' });
  return (
    <ResourceForm
      form={form}
      guard={false}
      ariaLabel="Alterar senha"
      submitLabel="Alterar senha"
      onSubmit={async (v) => {
        const r = await api.put<{ token?: string; mercure_token?: string } | ''>('/user/changePassword', {
          current_password: v.current_password,
          new_password: v.new_password,
        });
        if (r.data && typeof r.data === 'object' && r.data.token) replaceToken(r.data.token, r.data.mercure_token);
        return r.data;
      }}
      onSuccess={() => {
        form.reset({ current_password: '', new_password: '', confirm: '' });
        toast.success('Senha alterada! As outras sessões foram encerradas.');
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        <FormText name="current_password" label="Senha atual" type="password" required autoComplete="current-password" />
        <FormText name="new_password" label="Nova senha" type="password" required autoComplete="new-password" helperText="Mínimo de 8 caracteres; evite senhas comuns e seus dados pessoais" />
        <FormText name="confirm" label="Confirme a nova senha" type="password" required autoComplete="new-password" />
      </Box>
    </ResourceForm>
  );
}

export default function MyAccountPage() {
  const { data: me, isLoading } = useQuery({ queryKey: ['me'], queryFn: async () => (await api.get<Me>('/me')).data });
  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageTitle title="Minha conta" subtitle={me ? `${me.username} · ${me.organization?.fantasy_name ?? ''}` : undefined} />
      {isLoading ? (
        <CircularProgress aria-label="Carregando" />
      ) : !me ? (
        <Alert severity="error">Não foi possível carregar seus dados.</Alert>
      ) : (
        <Box>
          <Section title="Foto">
            <Picture me={me} />
          </Section>
          <Section title="Perfil">
            <ProfileForm me={me} />
          </Section>
          <Section title="Alterar senha">
            <PasswordForm />
          </Section>
          <Section title="Tokens de API">
            <ApiTokens held={me.super_admin ? undefined : me.permissions} />
          </Section>
        </Box>
      )}
    </Box>
  );
}
