/**
 * /project/dashboard/:id: progress (weighted by task duration), tasks by status, late tasks, the
 * next milestones, cost against the budget over time and the project's activities on a mini
 * calendar. One column on phones.
 */
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, LinearProgress, List, ListItem, ListItemText, Paper, Skeleton, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { TASK_STATUS_LABELS, type ProjectDashboard } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatBRL } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { RecordPage } from '../../core/RecordPage';
import { dashboardKey, dayLabel, fetchDashboard, projectApi } from './api';
import { MiniCalendar } from './MiniCalendar';
import { TASK_CHART_COLOR, TaskStatusChip } from './parts';

const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function Card({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 }, gridColumn: wide ? { md: '1 / -1' } : undefined, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The cumulative cost from the project's start to its end (or the last cost), against the budget line. */
function CostChart({ cost, period }: { cost: ProjectDashboard['cost']; period: { starts_on: string; ends_on: string } }) {
  if (cost.by_date.length === 0) return <Typography color="text.secondary">Nenhum custo registrado ainda.</Typography>;
  const points = [...cost.by_date];
  if (period.starts_on < points[0].date) points.unshift({ date: period.starts_on, cumulative: '0' });
  if (period.ends_on > points[points.length - 1].date) points.push({ date: period.ends_on, cumulative: points[points.length - 1].cumulative });
  const dates = points.map((c) => new Date(`${c.date}T12:00:00`));
  const money = (v: number | null) => formatBRL(v);
  const series = [{ data: points.map((c) => Number(c.cumulative)), label: 'Custo acumulado', color: '#1976d2', valueFormatter: money, showMark: true, curve: 'stepAfter' as const }];
  if (cost.budget !== null) series.push({ data: points.map(() => Number(cost.budget)), label: 'Orçamento', color: '#d32f2f', valueFormatter: money, showMark: false, curve: 'stepAfter' as const });
  return (
    <LineChart
      height={260}
      xAxis={[{ data: dates, scaleType: 'time', valueFormatter: (d: Date) => d.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit' }), tickNumber: 6, height: 28 }]}
      yAxis={[{ valueFormatter: (v: number) => `R$ ${Math.round(v / 1000).toLocaleString('pt-BR')} mil`, width: 80 }]}
      series={series}
      margin={{ left: 8, right: 16 }}
    />
  );
}

function Dashboard({ projectId, period }: { projectId: number; period: { starts_on: string; ends_on: string } }) {
  const q = useQuery({ queryKey: dashboardKey(projectId), queryFn: () => fetchDashboard(projectId) });
  if (q.isPending)
    return (
      <Box aria-label="Carregando painel">
        <Skeleton height={120} />
        <Skeleton height={260} />
      </Box>
    );
  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void q.refetch()}>Tentar de novo</Button>}>
        Não foi possível carregar o painel.
      </Alert>
    );
  const d = q.data;
  const used = d.cost.budget && Number(d.cost.budget) > 0 ? (Number(d.cost.total) / Number(d.cost.budget)) * 100 : null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <Card title="Progresso">
        <Typography variant="h4" component="p" data-testid="progress">
          {pct.format(d.progress)}%
        </Typography>
        <LinearProgress variant="determinate" value={d.progress} sx={{ height: 10, borderRadius: 5, my: 1 }} aria-label="Progresso do projeto" />
        <Typography variant="body2" color="text.secondary">
          {d.task_count} tarefa(s), ponderadas pela duração em dias.
        </Typography>
      </Card>
      <Card title="Custo">
        <Typography variant="h4" component="p" data-testid="cost-total">
          {formatBRL(d.cost.total)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Materiais {formatBRL(d.cost.materials)} · atividades {formatBRL(d.cost.activities)}
        </Typography>
        <Typography variant="body2" color={used !== null && used > 100 ? 'error' : 'text.secondary'}>
          Orçamento {formatBRL(d.cost.budget)}
          {used !== null ? ` · ${pct.format(used)}% usado` : ''}
        </Typography>
      </Card>
      <Card title="Tarefas por situação">
        {d.task_count === 0 ? (
          <Typography color="text.secondary">Nenhuma tarefa.</Typography>
        ) : (
          <PieChart
            height={200}
            series={[
              {
                innerRadius: 40,
                data: d.tasks_by_status.filter((s) => s.count > 0).map((s) => ({ id: s.status, value: s.count, label: TASK_STATUS_LABELS[s.status], color: TASK_CHART_COLOR[s.status] })),
              },
            ]}
          />
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }} data-testid="tasks-by-status">
          {d.tasks_by_status.map((s) => (
            <Typography key={s.status} variant="body2" component="span">
              {TASK_STATUS_LABELS[s.status]}: <strong>{s.count}</strong>
            </Typography>
          ))}
        </Box>
      </Card>
      <Card title="Próximos marcos">
        {d.next_milestones.length === 0 ? (
          <Typography color="text.secondary">Nenhum marco em aberto.</Typography>
        ) : (
          <List dense>
            {d.next_milestones.map((m) => (
              <ListItem key={m.id} disableGutters>
                <ListItemText primary={m.title} secondary={dayLabel(m.due_on)} />
                <TaskStatusChip status={m.status} />
              </ListItem>
            ))}
          </List>
        )}
      </Card>
      <Card title="Custo × orçamento" wide>
        <CostChart cost={d.cost} period={period} />
      </Card>
      <Card title="Tarefas atrasadas">
        {d.late_tasks.length === 0 ? (
          <Typography color="text.secondary">Nenhuma tarefa atrasada.</Typography>
        ) : (
          <List dense>
            {d.late_tasks.map((t) => (
              <ListItem key={t.id} disableGutters sx={{ gap: 1 }}>
                <ListItemText primary={t.title} secondary={`Prazo ${dayLabel(t.due_on)}${t.assignee ? ` · ${t.assignee.name}` : ''}`} />
                <TaskStatusChip status={t.status} />
              </ListItem>
            ))}
          </List>
        )}
      </Card>
      <Card title="Atividades externas">
        <MiniCalendar activities={d.activities} />
      </Card>
    </Box>
  );
}

export default function DashboardPage() {
  const { id } = useParams();
  const projectId = Number(id);
  const project = useQuery({ queryKey: projectApi.keys.one(projectId), queryFn: () => projectApi.get(projectId) });
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageTitle title="Painel do projeto" subtitle={project.data ? `${project.data.code} · ${project.data.name}` : undefined} />
      <RecordPage query={project} what="Projeto" gender="m" backTo="/project">
        {(p) => (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
              <Button component={Link} to={`/project/edit/${p.id}`} startIcon={<EditIcon />} variant="outlined">
                Tarefas e dados
              </Button>
            </Box>
            <Dashboard projectId={p.id} period={p} />
          </>
        )}
      </RecordPage>
    </Box>
  );
}
