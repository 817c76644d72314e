/** The units of an organization, each with its members (shown on the organization's page). */
import AddIcon from '@mui/icons-material/Add';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { foldText } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCan } from '../../core/permissions';
import { confirmAction, toast } from '../../core/toast';
import { deleteUnit, fetchUnitsOf, unitKeys, type UnitRead } from './api';
import { UnitMembers } from './UnitMembers';
import { SearchField } from '../../core/SearchField';
import { EmptyPanel } from '../../core/PanelStates';

export function UnitsPanel({ organizationId }: { organizationId: number }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['ORG']);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<number | false>(false);
  const q = useQuery({ queryKey: unitKeys.ofOrganization(organizationId), queryFn: () => fetchUnitsOf(organizationId) });
  const units = q.data ?? [];
  const byId = new Map(units.map((u) => [u.id, u]));
  const term = foldText(search.trim());
  const shown = term ? units.filter((u) => foldText(`${u.name} ${u.code}`).includes(term)) : units;

  const remove = async (u: UnitRead) => {
    const ok = await confirmAction({
      title: `Excluir a unidade ${u.name}?`,
      text: u.members_count > 0 ? `A unidade tem ${u.members_count} membro(s): remova-os antes de excluir.` : 'Esta ação não pode ser desfeita.',
      confirmText: 'Excluir',
    });
    if (!ok) return;
    try {
      await deleteUnit(u.id);
      toast.success('Unidade excluída!');
      void qc.invalidateQueries({ queryKey: unitKeys.all });
      void qc.invalidateQueries({ queryKey: ['organization', organizationId] });
    } catch {
      /* the 409 message is toasted by the API client */
    }
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
        <SearchField label="Pesquisar unidade" value={search} onChange={setSearch} sx={{ maxWidth: { sm: 320 } }} />
        <Box sx={{ flex: 1 }} />
        {canWrite && (
          <Button component={RouterLink} to={`/organization/${organizationId}/unit-organizational/create`} variant="contained" startIcon={<AddIcon />}>
            Nova unidade
          </Button>
        )}
      </Stack>
      {q.isLoading ? (
        <Stack spacing={1} aria-label="Carregando unidades">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : q.isError ? (
        <Alert severity="error">Não foi possível carregar as unidades.</Alert>
      ) : shown.length === 0 ? (
        <EmptyPanel icon={AccountTreeIcon}>{units.length === 0 ? 'Esta organização ainda não tem unidades.' : 'Nenhuma unidade encontrada.'}</EmptyPanel>
      ) : (
        <Box role="list" aria-label="Unidades da organização">
          {shown.map((u) => (
            <Accordion
              key={u.id}
              role="listitem"
              disableGutters
              variant="outlined"
              expanded={open === u.id}
              onChange={(_e, isOpen) => setOpen(isOpen ? u.id : false)}
              slotProps={{ transition: { unmountOnExit: true } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`unit-${u.id}-content`} id={`unit-${u.id}-header`}>
                <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, width: '100%', pr: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{u.name}</Typography>
                  <Chip size="small" label={u.code} />
                  {!u.is_active && <Chip size="small" variant="outlined" label="Inativa" />}
                  {u.parent_id && (
                    <Typography variant="body2" color="text.secondary">
                      subordinada a {byId.get(u.parent_id)?.name ?? `#${u.parent_id}`}
                    </Typography>
                  )}
                  <Box sx={{ flex: 1 }} />
                  <Typography variant="body2" color="text.secondary">
                    {u.members_count === 1 ? '1 membro' : `${u.members_count} membros`}
                  </Typography>
                </Box>
              </AccordionSummary>
              <AccordionDetails id={`unit-${u.id}-content`}>
                <Stack direction="row" spacing={1} sx={{ mb: 1, justifyContent: 'flex-end' }}>
                  <Button size="small" startIcon={<EditIcon />} onClick={() => navigate(`/unit-organizational/edit/${u.id}`)}>
                    {canWrite ? 'Editar unidade' : 'Ver unidade'}
                  </Button>
                  {canWrite && (
                    <Tooltip title="Excluir unidade">
                      <IconButton size="small" aria-label={`Excluir a unidade ${u.name}`} onClick={() => void remove(u)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
                <UnitMembers unit={u} dense />
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
    </Box>
  );
}
