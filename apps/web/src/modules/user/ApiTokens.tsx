/**
 * "Tokens de API": a person's tokens for scripts and other systems (Minha conta), or someone
 * else's for a user manager (the user's page: list and revoke only). The secret is shown once.
 */
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, apiTokenCreate, type ApiTokenCreated, type ApiTokenRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../core/api';
import { FormGrid, Wide } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { FormDialog } from '../../core/FormDialog';
import { formatDate, formatDateTime } from '../../core/format';
import { FormText, useSchemaForm } from '../../core/ResourceForm';
import { SecretOnceDialog } from '../../core/SecretOnceDialog';
import { SmallTable } from '../../core/SmallTable';
import { todayInApp } from '../../core/time-zone';
import { confirmAction, toast } from '../../core/toast';
import { FormPermissions } from './PermissionsEditor';
import { PERMISSION_LABEL } from './permission-groups';

const daysAhead = (n: number) => {
  const d = new Date(`${todayInApp()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The read forms of what the user holds: a new token starts read-only. */
const readFormsOf = (held: readonly string[]) => [...new Set(held.filter((p) => p !== 'LOG.READ').map((p) => (p.endsWith('.INDEX') ? p : `${p}.INDEX`)))];

const permissionText = (p: string) => {
  const read = p.endsWith('.INDEX') || p.endsWith('.READ');
  const base = p.replace(/\.(INDEX|READ)$/, '');
  return `${PERMISSION_LABEL[base] ?? base}${read ? ' (consultar)' : ''}`;
};

function CreateTokenDialog({ held, onClose, onCreated }: { held: readonly string[] | undefined; onClose: () => void; onCreated: (t: ApiTokenCreated) => void }) {
  const form = useSchemaForm(apiTokenCreate, { name: '', expires_at: daysAhead(API_TOKEN_DEFAULT_DAYS), permissions: held ? readFormsOf(held) : [] });
  return (
    <FormDialog
      title="Novo token de API"
      maxWidth="md"
      onClose={onClose}
      intro={
        <Alert severity="info" sx={{ mb: 2 }}>
          Um sistema usa o token no cabeçalho <code>Authorization: Bearer opr_…</code>. Ele só pode o que você escolher aqui, e nunca mais do que você pode: se você perder uma permissão, o token também perde.
        </Alert>
      }
      form={form as never}
      ariaLabel="Novo token de API"
      submitLabel="Criar token"
      onSubmit={async (values) => (await api.post<ApiTokenCreated>('/me/token', values)).data}
      onSuccess={(t) => onCreated(t as ApiTokenCreated)}
    >
      <FormGrid>
        <FormText name="name" label="Nome" required autoFocus helperText="Para que serve (ex.: ERP, Zabbix)" />
        <FormDate name="expires_at" label="Válido até" disablePast helperText={`Padrão: ${API_TOKEN_DEFAULT_DAYS} dias; no máximo ${API_TOKEN_MAX_DAYS}`} />
        <Wide>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Permissões do token
          </Typography>
          <FormPermissions ceiling={held} />
        </Wide>
      </FormGrid>
    </FormDialog>
  );
}

/**
 * `userId`: someone else's tokens (a user manager on the user's page); without it, the caller's own,
 * with "Novo token" (`held`: the caller's permissions, the most a token may carry; undefined for a super admin).
 */
export function ApiTokens({ userId, held }: { userId?: number; held?: readonly string[] }) {
  const qc = useQueryClient();
  const base = userId ? `/user/${userId}/token` : '/me/token';
  const key = ['api-token', userId ?? 'me'];
  const q = useQuery({ queryKey: key, queryFn: async () => (await api.get<ApiTokenRead[]>(base)).data });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const revoke = async (t: ApiTokenRead) => {
    if (!(await confirmAction({ title: 'Revogar token?', text: `O token “${t.name}” (${t.prefix}…) deixa de funcionar na hora. Quem o usa passa a receber 401.`, confirmText: 'Revogar' }))) return;
    try {
      await api.delete(`${base}/${t.id}`);
      toast.success('Token revogado');
    } finally {
      void qc.invalidateQueries({ queryKey: key });
    }
  };
  const tokens = q.data ?? [];
  return (
    <Box>
      {!userId && (
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setCreating(true)} sx={{ mb: 1.5 }}>
          Novo token
        </Button>
      )}
      {q.isError ? (
        <Alert severity="error">Não foi possível carregar os tokens.</Alert>
      ) : q.isLoading ? (
        <Typography color="text.secondary">Carregando…</Typography>
      ) : tokens.length === 0 ? (
        <Typography color="text.secondary">{userId ? 'Este usuário não tem tokens de API.' : 'Você não tem tokens de API. Crie um para que um script ou outro sistema use a API em seu nome.'}</Typography>
      ) : (
        <SmallTable
          label="Tokens de API"
          head={
            <>
              <TableCell>Nome</TableCell>
              <TableCell>Prefixo</TableCell>
              <TableCell>Permissões</TableCell>
              <TableCell>Criado</TableCell>
              <TableCell>Válido até</TableCell>
              <TableCell>Último uso</TableCell>
              <TableCell />
            </>
          }
        >
          {tokens.map((t) => (
            <TableRow key={t.id}>
              <TableCell>{t.name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{t.prefix}…</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {t.permissions.map((p) => (
                    <Chip key={p} size="small" label={permissionText(p)} />
                  ))}
                </Box>
              </TableCell>
              <TableCell>{formatDate(t.created_at)}</TableCell>
              <TableCell>{t.status === 'expirado' ? <Chip size="small" color="warning" label={`Expirado em ${formatDate(t.expires_at)}`} /> : formatDate(t.expires_at)}</TableCell>
              <TableCell>{t.last_used_at ? `${formatDateTime(t.last_used_at)}${t.last_used_ip ? ` (${t.last_used_ip})` : ''}` : 'Nunca'}</TableCell>
              <TableCell align="right">
                <Button color="error" size="small" onClick={() => void revoke(t)}>
                  Revogar
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
      {creating && (
        <CreateTokenDialog
          held={held}
          onClose={() => setCreating(false)}
          onCreated={(t) => {
            setCreating(false);
            setCreated(t);
            void qc.invalidateQueries({ queryKey: key });
          }}
        />
      )}
      {created && <SecretOnceDialog title={`Token “${created.name}” criado`} secret={created.token} noun={{ article: 'o', word: 'token' }} fieldName="Token de API" onClose={() => setCreated(null)} />}
    </Box>
  );
}
