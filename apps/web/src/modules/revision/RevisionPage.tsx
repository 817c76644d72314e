/** /revision (LOG or LOG.READ): the audit rows of every module, filtered by entity, record, user, period and action. */
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Collapse, MenuItem, Paper, TextField, useMediaQuery, useTheme } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { ENTITY_LABELS, REVISION_ACTION_LABELS } from '@operacoes/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { useDebounced } from '../../core/ResourceList';
import { UserAutocomplete, type UserOption } from '../../core/UserAutocomplete';
import type { RevisionFilters } from './api';
import { RevisionList } from './RevisionList';

const ENTITIES = Object.entries(ENTITY_LABELS).sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));
const DATE = 'YYYY-MM-DD';

function filtersOf(p: URLSearchParams): RevisionFilters {
  const num = (k: string) => {
    const v = Number(p.get(k));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const date = (k: string) => (/^\d{4}-\d{2}-\d{2}$/.test(p.get(k) ?? '') ? p.get(k)! : undefined);
  return {
    entity: p.get('entity') || undefined,
    entityId: num('entityId'),
    userId: num('userId'),
    action: p.get('action') && p.get('action')! in REVISION_ACTION_LABELS ? p.get('action')! : undefined,
    from: date('from'),
    to: date('to'),
  };
}

export default function RevisionPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const { can } = useCan();
  const canListUsers = can(['USER', 'USER.INDEX']);
  const [user, setUser] = useState<UserOption | null>(null);
  const [recordId, setRecordId] = useState(filters.entityId ? String(filters.entityId) : '');
  const debouncedRecord = useDebounced(recordId, 400);

  const set = (patch: Record<string, string | number | undefined | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    const v = debouncedRecord.trim();
    if (v === (filters.entityId ? String(filters.entityId) : '')) return;
    if (v === '' || /^\d+$/.test(v)) set({ entityId: v });
  }, [debouncedRecord]);
  useEffect(() => {
    if (!filters.userId) setUser(null);
    else if (user && user.id !== filters.userId) setUser(null);
  }, [filters.userId, user]);

  const activeCount = Object.values(filters).filter((v) => v !== undefined).length;
  const hasFilters = activeCount > 0;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [showFilters, setShowFilters] = useState(false);
  const recordInvalid = recordId !== '' && !/^\d+$/.test(recordId.trim());

  return (
    <>
      <PageTitle title="Log de revisões" subtitle="Quem alterou o quê e quando, em todos os módulos" />
      {phone && (
        <Button
          variant="outlined"
          color="inherit"
          fullWidth
          sx={{ mb: 1.5 }}
          onClick={() => setShowFilters((v) => !v)}
          aria-expanded={showFilters}
          aria-controls="revision-filters"
          startIcon={
            <Badge badgeContent={activeCount} color="primary">
              <FilterListIcon />
            </Badge>
          }
        >
          {showFilters ? 'Ocultar filtros' : 'Filtros'}
        </Button>
      )}
      <Collapse in={!phone || showFilters} id="revision-filters">
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="form" role="search" aria-label="Filtros do log" onSubmit={(e) => e.preventDefault()}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
            <TextField select label="Entidade" value={filters.entity ?? ''} onChange={(e) => set({ entity: e.target.value })}>
              <MenuItem value="">
                <em>Todas</em>
              </MenuItem>
              {ENTITIES.map(([k, label]) => (
                <MenuItem key={k} value={k}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="ID do registro"
              value={recordId}
              onChange={(e) => setRecordId(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={recordInvalid}
              helperText={recordInvalid ? 'Informe um número' : undefined}
            />
            <TextField select label="Ação" value={filters.action ?? ''} onChange={(e) => set({ action: e.target.value })}>
              <MenuItem value="">
                <em>Todas</em>
              </MenuItem>
              {Object.entries(REVISION_ACTION_LABELS).map(([k, label]) => (
                <MenuItem key={k} value={k}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            {canListUsers ? (
              <UserAutocomplete
                label="Usuário"
                value={user ?? (filters.userId ? { id: filters.userId, username: `#${filters.userId}`, picture: null } : null)}
                onChange={(u) => {
                  setUser(u);
                  set({ userId: u?.id });
                }}
              />
            ) : (
              <TextField
                label="ID do usuário"
                value={filters.userId ?? ''}
                onChange={(e) => /^\d*$/.test(e.target.value) && set({ userId: e.target.value })}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            )}
            <DatePicker
              label="De"
              value={filters.from ? dayjs(filters.from) : null}
              maxDate={filters.to ? dayjs(filters.to) : undefined}
              onChange={(d: Dayjs | null) => set({ from: d && d.isValid() ? d.format(DATE) : undefined })}
              slotProps={{ field: { clearable: true }, textField: { name: 'from', size: 'small', fullWidth: true } }}
            />
            <DatePicker
              label="Até"
              value={filters.to ? dayjs(filters.to) : null}
              minDate={filters.from ? dayjs(filters.from) : undefined}
              onChange={(d: Dayjs | null) => set({ to: d && d.isValid() ? d.format(DATE) : undefined })}
              slotProps={{ field: { clearable: true }, textField: { name: 'to', size: 'small', fullWidth: true } }}
            />
          </Box>
          {hasFilters && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Button
                startIcon={<FilterAltOffIcon />}
                color="inherit"
                onClick={() => {
                  setRecordId('');
                  setUser(null);
                  setParams(new URLSearchParams(), { replace: true });
                }}
              >
                Limpar filtros
              </Button>
            </Box>
          )}
        </Paper>
      </Collapse>
      <RevisionList
        filters={filters}
        onUserClick={(u) => {
          setUser({ id: u.id, username: u.username, picture: null });
          set({ userId: u.id });
        }}
        emptyText={hasFilters ? 'Nenhuma revisão encontrada para os filtros escolhidos.' : 'Nenhuma revisão registrada ainda.'}
      />
    </>
  );
}
