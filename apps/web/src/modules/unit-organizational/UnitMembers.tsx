/** The members of a unit: list, add (PUT /user/{id}/insert/unit/{unitId}) and remove (DELETE …/remove/unit/…). */
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { UserRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../core/permissions';
import { RemovableList } from '../../core/RemovableList';
import { listKey } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { UserAutocomplete, type UserOption } from '../../core/UserAutocomplete';
import { addMember, fetchMembers, removeMember, unitKeys, type UnitRead } from './api';

export function UnitMembers({ unit, dense = false }: { unit: Pick<UnitRead, 'id' | 'name' | 'organization_id'>; dense?: boolean }) {
  const qc = useQueryClient();
  const { can, isSuperAdmin } = useCan();
  const canManage = can(['USER']);
  const canOpenUser = can(['USER', 'USER.INDEX']);
  const [pick, setPick] = useState<UserOption | null>(null);
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: unitKeys.members(unit.id), queryFn: () => fetchMembers(unit.id) });
  const members = q.data?.items ?? [];

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: unitKeys.members(unit.id) });
    void qc.invalidateQueries({ queryKey: unitKeys.all });
    void qc.invalidateQueries({ queryKey: listKey('/user') });
  };

  const add = async () => {
    if (!pick) return;
    setBusy(true);
    try {
      await addMember(pick.id, unit.id);
      toast.success(`${pick.username} adicionado à unidade!`);
      setPick(null);
      refresh();
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };

  const remove = async (u: UserRead) => {
    const main = u.unit_organizational?.id === unit.id;
    const ok = await confirmAction({
      title: `Remover ${u.username} da unidade ${unit.name}?`,
      text: main ? 'Esta é a unidade principal do usuário: ele ficará sem unidade principal.' : undefined,
      confirmText: 'Remover',
    });
    if (!ok) return;
    try {
      await removeMember(u.id, unit.id);
      toast.success(`${u.username} removido da unidade!`);
      refresh();
    } catch {
      /* toast shown */
    }
  };

  return (
    <Box>
      {q.isLoading ? (
        <Stack spacing={1} aria-label="Carregando membros">
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      ) : q.isError ? (
        <Alert severity="error">Não foi possível carregar os membros.</Alert>
      ) : members.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          Nenhum membro nesta unidade.
        </Typography>
      ) : (
        <RemovableList
          label={`Membros da unidade ${unit.name}`}
          rows={members}
          keyOf={(u) => u.id}
          dense={dense}
          gutters={false}
          removal={canManage ? { title: 'Remover da unidade', icon: <PersonRemoveIcon />, label: (u) => `Remover ${u.username}`, onClick: (u) => void remove(u) } : undefined}
        >
          {(u) => (
            <>
              <ListItemAvatar sx={{ minWidth: 44 }}>
                <Avatar src={u.picture ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
                  {u.username.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    {canOpenUser ? (
                      <Box component={RouterLink} to={`/user/edit/${u.id}`} sx={{ color: 'inherit' }}>
                        {u.person?.full_name || u.username}
                      </Box>
                    ) : (
                      u.person?.full_name || u.username
                    )}
                    {u.unit_organizational?.id === unit.id && <Chip size="small" label="Unidade principal" variant="outlined" />}
                    {!u.is_active && <Chip size="small" label="Inativo" variant="outlined" />}
                  </Box>
                }
                secondary={`${u.username} · ${u.email}`}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </>
          )}
        </RemovableList>
      )}
      {q.data && q.data.total_items > members.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Mostrando {members.length} de {q.data.total_items} membros.
        </Typography>
      )}
      {canManage && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
            <UserAutocomplete
              label="Adicionar membro"
              value={pick}
              onChange={setPick}
              organizationId={isSuperAdmin ? unit.organization_id : undefined}
              excludeIds={members.map((m) => m.id)}
              size="small"
            />
          </Box>
          <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => void add()} disabled={!pick} loading={busy}>
            Adicionar
          </Button>
        </Stack>
      )}
    </Box>
  );
}
