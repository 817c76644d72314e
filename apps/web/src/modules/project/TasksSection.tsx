/** The tasks of a project: a list (phone-friendly) and the Gantt timeline, with create/edit dialogs and deletes. */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FlagIcon from '@mui/icons-material/Flag';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, IconButton, LinearProgress, List, ListItem, ListItemText, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import type { ProjectTaskRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../core/permissions';
import { Section } from '../../core/Section';
import { confirmAction, toast } from '../../core/toast';
import { dashboardKey, dayLabel, fetchTasks, projectApi, taskApi, tasksKey } from './api';
import { TaskStatusChip } from './parts';
import { TaskDialog } from './TaskDialog';

const ProjectGantt = lazy(() => import('./Gantt').then((m) => ({ default: m.ProjectGantt })));

export function TasksSection({ projectId }: { projectId: number }) {
  const qc = useQueryClient();
  const { user } = useCan();
  const canWrite = taskApi.canWrite(user);
  const q = useQuery({ queryKey: tasksKey(projectId), queryFn: () => fetchTasks(projectId) });
  const [editing, setEditing] = useState<ProjectTaskRead | 'new' | null>(null);
  const tasks = q.data ?? [];
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: tasksKey(projectId) });
    void qc.invalidateQueries({ queryKey: dashboardKey(projectId) });
    void qc.invalidateQueries({ queryKey: projectApi.keys.one(projectId) });
  };
  const remove = async (t: ProjectTaskRead) => {
    const dependents = tasks.filter((o) => o.depends_on.includes(t.id)).length;
    const ok = await confirmAction({
      title: `Excluir a tarefa "${t.title}"?`,
      text: dependents ? `${dependents} tarefa(s) deixarão de depender dela. Esta ação não pode ser desfeita.` : 'Esta ação não pode ser desfeita.',
      confirmText: 'Excluir',
    });
    if (!ok) return;
    try {
      await taskApi.remove(t.id);
    } catch {
      return; // toasted by the API client
    }
    toast.success('Tarefa excluída!');
    refresh();
  };
  const move = async (t: ProjectTaskRead, starts_on: string, due_on: string) => {
    try {
      await taskApi.update(t.id, { starts_on, due_on });
      toast.success(`Datas de "${t.title}" atualizadas: ${dayLabel(starts_on)} a ${dayLabel(due_on)}`);
    } catch {
      // toasted by the API client; the refresh puts the bar back
    }
    refresh();
  };

  return (
    <>
      <Section
        title="Tarefas"
        hint={canWrite ? 'Arraste uma barra do cronograma para mudar as datas da tarefa.' : undefined}
        actions={
          canWrite && (
            <Button startIcon={<AddIcon />} variant="contained" size="small" onClick={() => setEditing('new')}>
              Nova tarefa
            </Button>
          )
        }
      >
        {q.isPending ? (
          <Stack spacing={1} aria-label="Carregando tarefas">
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : q.isError ? (
          <Alert severity="error" action={<Button onClick={() => void q.refetch()}>Tentar de novo</Button>}>
            Não foi possível carregar as tarefas.
          </Alert>
        ) : tasks.length === 0 ? (
          <Typography color="text.secondary">Nenhuma tarefa ainda.{canWrite ? ' Crie a primeira em "Nova tarefa".' : ''}</Typography>
        ) : (
          <>
            <List dense aria-label="Lista de tarefas" sx={{ mb: 2 }}>
              {tasks.map((t) => (
                <ListItem
                  key={t.id}
                  divider
                  data-task={t.title}
                  secondaryAction={
                    <Box>
                      <Tooltip title={canWrite ? 'Editar' : 'Ver'}>
                        <IconButton aria-label={`${canWrite ? 'Editar' : 'Ver'} ${t.title}`} onClick={() => setEditing(t)}>
                          {canWrite ? <EditIcon /> : <VisibilityIcon />}
                        </IconButton>
                      </Tooltip>
                      {canWrite && (
                        <Tooltip title="Excluir">
                          <IconButton aria-label={`Excluir ${t.title}`} onClick={() => void remove(t)}>
                            <DeleteIcon />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Box>
                  }
                  sx={{ pr: canWrite ? 12 : 7 }}
                >
                  <ListItemText
                    slotProps={{ primary: { component: 'div' }, secondary: { component: 'div' } }}
                    primary={
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        {t.milestone && <FlagIcon fontSize="small" color="warning" titleAccess="Marco" />}
                        <span>{t.title}</span>
                        <TaskStatusChip status={t.status} />
                      </Box>
                    }
                    secondary={
                      <Box>
                        <span data-testid="task-dates">
                          {dayLabel(t.starts_on)} a {dayLabel(t.due_on)}
                        </span>
                        {t.assignee ? ` · ${t.assignee.name}` : ''}
                        {t.depends_on.length ? ` · depende de ${t.depends_on.map((d) => tasks.find((o) => o.id === d)?.title ?? `#${d}`).join(', ')}` : ''}
                        <LinearProgress variant="determinate" value={t.status === 'concluida' ? 100 : t.progress} sx={{ mt: 0.5, maxWidth: 240 }} aria-label={`Progresso ${t.progress}%`} />
                      </Box>
                    }
                  />
                </ListItem>
              ))}
            </List>
            <Suspense fallback={<Skeleton height={200} />}>
              <ProjectGantt tasks={tasks} readOnly={!canWrite} onMove={(t, s, e) => void move(t, s, e)} />
            </Suspense>
          </>
        )}
      </Section>
      {editing && (
        <TaskDialog
          projectId={projectId}
          task={editing === 'new' ? null : editing}
          tasks={tasks}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
