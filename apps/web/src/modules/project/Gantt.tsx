/**
 * The project's timeline (frappe-gantt 1.2): one bar per task, arrows for dependencies, milestones
 * in orange. Dragging a bar (or stretching it) saves the task's new dates through the API and says
 * so in a toast; an error (toasted by the API client) puts the bar back.
 */
import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import Gantt, { type GanttTask } from 'frappe-gantt';
import { useEffect, useRef, useState } from 'react';
import type { ProjectTaskRead } from '@operacoes/contract';
import { TASK_STATUS_LABELS } from '@operacoes/contract';
import { escapeHtml } from '../../core/escapeHtml';
import { todayInApp } from '../../core/time-zone';
import { dayLabel } from './api';
import './gantt.css';

type Mode = 'Day' | 'Week' | 'Month';
const MODES: { value: Mode; label: string }[] = [
  { value: 'Day', label: 'Dia' },
  { value: 'Week', label: 'Semana' },
  { value: 'Month', label: 'Mês' },
];

/** A local date as `AAAA-MM-DD` (what frappe-gantt's Date means: a day on the chart). */
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const barId = (id: number) => `t${id}`;
/** The day the first task starts (`AAAA-MM-DD`). */
const firstDay = (tasks: ProjectTaskRead[]) => tasks.reduce((first, t) => (t.starts_on < first ? t.starts_on : first), tasks[0].starts_on);

function toBars(tasks: ProjectTaskRead[]): GanttTask[] {
  return tasks.map((t) => ({
    id: barId(t.id),
    // frappe-gantt writes the label as markup: a task's title is escaped to stay text.
    name: escapeHtml(t.milestone ? `◆ ${t.title}` : t.title),
    start: t.starts_on,
    end: t.due_on,
    progress: t.status === 'concluida' ? 100 : t.progress,
    dependencies: t.depends_on.map(barId),
    custom_class: [t.milestone ? 'milestone' : '', t.status === 'concluida' ? 'done' : '', t.status === 'bloqueada' ? 'blocked' : ''].filter(Boolean).join(' ') || undefined,
  }));
}

export function ProjectGantt({ tasks, readOnly, onMove }: { tasks: ProjectTaskRead[]; readOnly: boolean; onMove: (task: ProjectTaskRead, starts_on: string, due_on: string) => void }) {
  const theme = useTheme();
  const p = theme.palette;
  // frappe-gantt's colours, from the app's theme (light or dark).
  const colours = {
    '--g-bar-color': alpha(p.primary.main, 0.22),
    '--g-bar-border': p.primary.main,
    '--g-progress-color': p.primary.main,
    '--g-header-background': p.background.paper,
    '--g-row-color': p.background.paper,
    '--g-border-color': p.divider,
    '--g-row-border-color': p.divider,
    '--g-tick-color': p.divider,
    '--g-tick-color-thick': p.divider,
    '--g-text-dark': p.text.primary,
    '--g-text-light': p.text.primary,
    '--g-text-muted': p.text.secondary,
    '--g-arrow-color': p.text.secondary,
    '--g-handle-color': p.text.secondary,
    '--g-weekend-highlight-color': p.action.hover,
    '--g-today-highlight': p.warning.main,
    '--g-actions-background': p.background.default,
    '--g-popup-actions': p.background.default,
  };
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Gantt | null>(null);
  const [mode, setMode] = useState<Mode>('Week');
  const latest = useRef({ tasks, onMove });
  latest.current = { tasks, onMove };

  useEffect(() => {
    if (!host.current || tasks.length === 0) return;
    host.current.replaceChildren();
    chart.current = new Gantt(host.current, toBars(tasks), {
      view_mode: mode,
      language: 'pt',
      readonly: readOnly,
      readonly_progress: true,
      bar_height: 26,
      padding: 16,
      infinite_padding: false,
      today_button: false,
      // On today, or on the first task while the project has not started (its first bar in view, on a phone too).
      scroll_to: todayInApp() < firstDay(tasks) ? firstDay(tasks) : 'today',
      popup_on: 'click',
      popup: (ctx) => {
        const task = latest.current.tasks.find((t) => barId(t.id) === ctx.task.id);
        ctx.set_title(task ? escapeHtml(task.title) : ctx.task.name);
        ctx.set_subtitle(task ? escapeHtml(`${TASK_STATUS_LABELS[task.status]}${task.assignee ? ` · ${task.assignee.name}` : ''}`) : '');
        ctx.set_details(task ? escapeHtml(`${dayLabel(task.starts_on)} a ${dayLabel(task.due_on)} · ${task.progress}%`) : '');
      },
      on_date_change: (bar, start, end) => {
        const task = latest.current.tasks.find((t) => barId(t.id) === bar.id);
        if (!task) return;
        const [s, e] = [isoDay(start), isoDay(end)];
        if (s !== task.starts_on || e !== task.due_on) latest.current.onMove(task, s, e);
      },
    });
  }, [tasks, readOnly, mode]);

  return (
    <Box>
      <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_e, v: Mode | null) => v && setMode(v)} aria-label="Escala do cronograma" sx={{ mb: 1 }}>
        {MODES.map((m) => (
          <ToggleButton key={m.value} value={m.value}>
            {m.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {/* Scrolls sideways: reachable by keyboard (arrow keys scroll it), named for screen readers. */}
      <Box className="project-gantt" data-testid="gantt" ref={host} tabIndex={0} role="region" aria-label="Cronograma do projeto" sx={{ ...colours, overflowX: 'auto', maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1, '& .popup-wrapper': { bgcolor: 'background.paper', color: 'text.primary', boxShadow: 4 } }} />
    </Box>
  );
}
