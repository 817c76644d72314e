/** The external activities linked to a project (their visits and materials count in its cost): link by search, unlink with confirmation. */
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, Box, Button, ListItemText, Skeleton, Typography } from '@mui/material';
import { ACTIVITY_STATUS_LABELS, type ActivityStatus, type ProjectActivityOption } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AsyncPicker } from '../../core/form';
import { formatBRL, formatDateTime } from '../../core/format';
import { useCan } from '../../core/permissions';
import { RemovableList } from '../../core/RemovableList';
import { Section } from '../../core/Section';
import { confirmAction, toast } from '../../core/toast';
import { activitiesKey, dashboardKey, fetchActivities, linkActivity, projectApi, searchActivityOptions, unlinkActivity } from './api';

const statusLabel = (s: string) => ACTIVITY_STATUS_LABELS[s as ActivityStatus] ?? s;

export function ActivitiesSection({ projectId }: { projectId: number }) {
  const qc = useQueryClient();
  const { user, canSeeRoute } = useCan();
  const canWrite = projectApi.canWrite(user);
  const q = useQuery({ queryKey: activitiesKey(projectId), queryFn: () => fetchActivities(projectId) });
  const [picked, setPicked] = useState<ProjectActivityOption | null>(null);
  const after = (rows: unknown) => {
    qc.setQueryData(activitiesKey(projectId), rows);
    void qc.invalidateQueries({ queryKey: dashboardKey(projectId) });
  };
  const link = async () => {
    if (!picked) return;
    try {
      after(await linkActivity(projectId, picked.id));
    } catch {
      return;
    }
    toast.success(`Atividade ${picked.code} vinculada ao projeto!`);
    setPicked(null);
    void qc.invalidateQueries({ queryKey: ['project', projectId, 'activity-options'] });
  };
  const unlink = async (id: number, code: string) => {
    const ok = await confirmAction({ title: `Desvincular a atividade ${code}?`, text: 'Ela deixa de contar no custo do projeto. A atividade em si não é alterada.', confirmText: 'Desvincular' });
    if (!ok) return;
    try {
      after(await unlinkActivity(projectId, id));
    } catch {
      return;
    }
    toast.success(`Atividade ${code} desvinculada!`);
  };
  const rows = q.data ?? [];
  return (
    <Section title="Atividades externas" hint="Cada atividade vinculada (não cancelada) soma ao custo do projeto o custo por visita do seu tipo e os materiais usados.">
      {canWrite && (
        <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <AsyncPicker<ProjectActivityOption>
              label="Vincular atividade"
              placeholder="Código ou cliente"
              queryKey={['project', projectId, 'activity-options']}
              fetch={(term) => searchActivityOptions(projectId, term)}
              value={picked}
              onChange={setPicked}
              getLabel={(a) => `${a.code} · ${a.client_name} (${statusLabel(a.status)})`}
            />
          </Box>
          <Button variant="contained" onClick={() => void link()} disabled={!picked} sx={{ mt: 1 }}>
            Vincular
          </Button>
        </Box>
      )}
      {q.isPending ? (
        <Skeleton height={48} />
      ) : q.isError ? (
        <Alert severity="error">Não foi possível carregar as atividades.</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">Nenhuma atividade vinculada.</Typography>
      ) : (
        <RemovableList
          label="Atividades vinculadas"
          rows={rows}
          keyOf={(a) => a.id}
          removal={canWrite ? { title: 'Desvincular', icon: <LinkOffIcon />, label: (a) => `Desvincular ${a.code}`, onClick: (a) => void unlink(a.id, a.code) } : undefined}
        >
          {(a) => (
            <ListItemText
              primary={
                <>
                  {canSeeRoute('/external-activity') ? <Link to={`/external-activity/manage/${a.id}`}>{a.code}</Link> : a.code} · {a.client_name}
                </>
              }
              secondary={`${a.assistance_type.name} · ${statusLabel(a.status)}${a.scheduled_start ? ` · ${formatDateTime(a.scheduled_start)}` : ''} · custo ${formatBRL(a.cost)}`}
            />
          )}
        </RemovableList>
      )}
    </Section>
  );
}
