/**
 * `/schedule?view=tecnicos`: the dispatcher's board. One row per field technician over a day or a
 * week (their orders and the events they take part in, on a 06:00–22:00 strip per day), and the
 * period's unassigned orders on the side. A dispatcher drags an order onto a technician's time: it
 * is assigned to them and scheduled there, through the order's own routes, so a busy technician or
 * the SLA deadline is asked as everywhere else ("Agendar assim mesmo?"). FullCalendar's resource
 * views are a paid add-on: this is MUI boxes and HTML5 drag and drop. Days and hours are the
 * organization's (its time zone), as on the calendar. On a phone (< 600 px) it is
 * a read-only list; without the dispatch rights (`can_assign`) nothing drags.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, ButtonGroup, Chip, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ACTIVITY_PRIORITY_LABELS, type BoardItem, type BoardOrder, type BoardRead, dayInZone, zonedInstant } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api } from '../../core/api';
import { sendConfirmingClash } from '../../core/clash';
import { PageTitle } from '../../core/PageTitle';
import { appTimeZone } from '../../core/time-zone';
import { toast } from '../../core/toast';

const DAY = 86_400_000;
/** The strip of a day: 06:00 to 22:00, dropped times rounded to half hours. */
const FIRST_HOUR = 6;
const HOURS = 16;
const SLOT_MINUTES = 30;
const DRAG_TYPE = 'application/x-operacoes-order';

/*
 * Days are `YYYY-MM-DD` on the organization's clock (as the calendar and the API's day filters), not the
 * browser's: a dispatcher travelling in another zone still sees the technicians' local day.
 */
const today = () => dayInZone(Date.now(), appTimeZone());
/** Day arithmetic on the date alone (noon UTC: no zone can move it to another day). */
const asDate = (day: string) => new Date(`${day}T12:00:00Z`);
const addDays = (day: string, n: number) => new Date(asDate(day).getTime() + n * DAY).toISOString().slice(0, 10);
/** The Sunday that starts the week (the calendar's weeks start on Sunday too). */
const weekStart = (day: string) => addDays(day, -asDate(day).getUTCDay());
/** An instant of a day on the organization's clock: `at(day, 6)` is 06:00 there. */
const at = (day: string, hour: number) => zonedInstant(`${day}T${String(hour).padStart(2, '0')}:00`, appTimeZone()).getTime();
const hhmm = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: appTimeZone() });
const dayLabel = (day: string) => asDate(day).toLocaleDateString('pt-BR', { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longDay = (day: string) => asDate(day).toLocaleDateString('pt-BR', { weekday: 'long', day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDay = (day: string) => asDate(day).toLocaleDateString('pt-BR', { timeZone: 'UTC' });
const dueLabel = (iso: string) => new Date(iso).toLocaleString('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: appTimeZone() });

const boardKey = (from: string, to: string) => ['schedule', 'board', from, to] as const;
const fetchBoard = async (from: string, to: string) => (await api.get<BoardRead>('/schedule/board', { params: { from, to } })).data;

/** Where an item sits on a day's strip (percent of the strip), or null when it misses the strip. */
function place(item: { start: string; end: string }, day: string) {
  const stripStart = at(day, FIRST_HOUR);
  const stripEnd = at(day, FIRST_HOUR + HOURS);
  const s = Math.max(Date.parse(item.start), stripStart);
  const e = Math.min(Date.parse(item.end), stripEnd);
  if (e <= s) return null;
  return { left: ((s - stripStart) / (stripEnd - stripStart)) * 100, width: Math.max(((e - s) / (stripEnd - stripStart)) * 100, 2) };
}

/** Assigns the order to the technician and schedules it at `start`: the technicians' day and the SLA are asked about first. */
async function assignAndSchedule(order: BoardOrder, technician: { id: number; name: string }, start: Date) {
  const end = new Date(start.getTime() + order.duration_minutes * 60_000);
  const window = { scheduled_start: start.toISOString(), scheduled_end: end.toISOString() };
  const ask = { question: 'Agendar assim mesmo?', confirmText: 'Agendar assim mesmo' };
  const assigned = await sendConfirmingClash(
    (force) => api.put(`/external-activity/${order.id}`, { technician_ids: [technician.id], ...window, ...(force ? { force } : {}) }, { silent: true }),
    true,
    ask,
  );
  if (!assigned) return false;
  // The assignment above already asked about this window: the step keeps what was confirmed.
  const scheduled = await sendConfirmingClash(() => api.post(`/external-activity/${order.id}/schedule`, { ...window, force: true }, { silent: true }), true, ask);
  if (scheduled) toast.success(`${order.code} agendada para ${technician.name} às ${hhmm(window.scheduled_start)}.`);
  return scheduled;
}

function ItemBlock({ item, at, compact }: { item: BoardItem; at: { left: number; width: number }; compact: boolean }) {
  const navigate = useNavigate();
  const label = `${hhmm(item.start)}–${hhmm(item.end)} ${item.title}`;
  return (
    <Tooltip title={label}>
      <Box
        role="link"
        tabIndex={0}
        aria-label={label}
        data-testid={`board-item-${item.kind}-${item.id}`}
        onClick={() => navigate(item.kind === 'activity' ? `/external-activity/manage/${item.id}` : `/schedule/${item.id}`)}
        onKeyDown={(e) => e.key === 'Enter' && navigate(item.kind === 'activity' ? `/external-activity/manage/${item.id}` : `/schedule/${item.id}`)}
        sx={{
          position: 'absolute',
          top: 3,
          bottom: 3,
          left: `${at.left}%`,
          width: `${at.width}%`,
          bgcolor: item.color,
          color: '#fff',
          borderRadius: 0.5,
          px: 0.5,
          fontSize: 11,
          lineHeight: '16px',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          cursor: 'pointer',
          // Events are outlined, orders solid: the two are told apart without the colour.
          border: item.kind === 'event' ? '2px dashed rgba(255,255,255,0.8)' : 'none',
        }}
      >
        {compact ? (item.code ?? item.title) : item.title}
      </Box>
    </Tooltip>
  );
}

/** One technician's day: the strip, its items, and (for a dispatcher) where an order is dropped. */
function DayStrip({ technician, day, items, droppable, compact, onDrop }: { technician: { id: number; name: string }; day: string; items: BoardItem[]; droppable: boolean; compact: boolean; onDrop: (orderId: number, start: Date) => void }) {
  const [over, setOver] = useState(false);
  const timeAt = (e: DragEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const fraction = Math.min(Math.max((e.clientX - box.left) / box.width, 0), 1);
    const minutes = Math.floor((fraction * HOURS * 60) / SLOT_MINUTES) * SLOT_MINUTES;
    return new Date(at(day, FIRST_HOUR) + Math.min(minutes, HOURS * 60 - SLOT_MINUTES) * 60_000);
  };
  return (
    <Box
      data-testid={`board-strip-${technician.id}-${day}`}
      aria-label={`${technician.name}, ${dayLabel(day)}`}
      onDragOver={
        droppable
          ? (e) => {
              if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setOver(true);
            }
          : undefined
      }
      onDragLeave={() => setOver(false)}
      onDrop={
        droppable
          ? (e) => {
              e.preventDefault();
              setOver(false);
              const id = Number(e.dataTransfer.getData(DRAG_TYPE));
              if (id) onDrop(id, timeAt(e));
            }
          : undefined
      }
      sx={{
        position: 'relative',
        height: 30,
        flex: 1,
        minWidth: 0,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: over ? 'action.selected' : undefined,
        // Hour lines every 2 hours.
        backgroundImage: (t) => `repeating-linear-gradient(to right, transparent 0, transparent calc(${100 / (HOURS / 2)}% - 1px), ${t.palette.divider} calc(${100 / (HOURS / 2)}% - 1px), ${t.palette.divider} ${100 / (HOURS / 2)}%)`,
      }}
    >
      {items.map((item) => {
        const at = place(item, day);
        return at ? <ItemBlock key={`${item.kind}-${item.id}`} item={item} at={at} compact={compact} /> : null;
      })}
    </Box>
  );
}

function OrderCard({ order, draggable }: { order: BoardOrder; draggable: boolean }) {
  return (
    <Paper
      variant="outlined"
      data-testid={`board-order-${order.id}`}
      draggable={draggable}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(order.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
      sx={{ p: 1, cursor: draggable ? 'grab' : 'default', borderLeft: 4, borderLeftColor: order.assistance_type.color }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        <RouterLink to={`/external-activity/manage/${order.id}`}>{order.code}</RouterLink> · {order.client_name}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {order.assistance_type.name} · {ACTIVITY_PRIORITY_LABELS[order.priority]} · {order.duration_minutes} min
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        Prazo (SLA): {dueLabel(order.due_at)}
        {order.scheduled_start ? ` · Horário pedido: ${dueLabel(order.scheduled_start)}` : ''}
      </Typography>
    </Paper>
  );
}

export function TechnicianBoard() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const qc = useQueryClient();
  const [mode, setMode] = useState<'day' | 'week'>('day');
  const [anchor, setAnchor] = useState(today);
  const first = mode === 'day' ? anchor : weekStart(anchor);
  const days = mode === 'day' ? [first] : Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const from = days[0];
  const to = days[days.length - 1];
  const board = useQuery({ queryKey: boardKey(from, to), queryFn: () => fetchBoard(from, to) });
  const [saving, setSaving] = useState(false);
  const canDrag = !phone && !!board.data?.can_assign && !saving;

  const drop = async (technician: { id: number; name: string }, orderId: number, start: Date) => {
    const order = board.data?.unassigned.find((o) => o.id === orderId);
    if (!order) return;
    setSaving(true);
    try {
      await assignAndSchedule(order, technician, start);
    } finally {
      setSaving(false);
      void qc.invalidateQueries({ queryKey: ['schedule'] });
      void qc.invalidateQueries({ queryKey: ['external_activity'] });
    }
  };
  const step = (n: number) => setAnchor((a) => addDays(a, n * (mode === 'day' ? 1 : 7)));
  const title = mode === 'day' ? longDay(days[0]) : `${shortDay(days[0])} a ${shortDay(days[6])}`;

  return (
    <>
      <PageTitle
        title="Agenda · Técnicos"
        subtitle={title}
        actions={
          <Button component={RouterLink} to="/schedule">
            Calendário
          </Button>
        }
      />
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <IconButton aria-label={mode === 'day' ? 'Dia anterior' : 'Semana anterior'} onClick={() => step(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Button onClick={() => setAnchor(today())}>Hoje</Button>
        <IconButton aria-label={mode === 'day' ? 'Próximo dia' : 'Próxima semana'} onClick={() => step(1)}>
          <ChevronRightIcon />
        </IconButton>
        <ButtonGroup size="small" aria-label="Período">
          <Button variant={mode === 'day' ? 'contained' : 'outlined'} aria-pressed={mode === 'day'} onClick={() => setMode('day')}>
            Dia
          </Button>
          <Button variant={mode === 'week' ? 'contained' : 'outlined'} aria-pressed={mode === 'week'} onClick={() => setMode('week')}>
            Semana
          </Button>
        </ButtonGroup>
        {saving && <CircularProgress size={20} aria-label="Agendando" />}
      </Stack>
      {board.data?.truncated && <Alert severity="warning" sx={{ mb: 1.5 }}>Há mais técnicos ou atividades sem técnico do que o quadro mostra.</Alert>}
      {board.data && !board.data.can_assign && !phone && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          Somente leitura: arrastar uma atividade para um técnico exige as permissões de agenda, de atividades externas e de despacho.
        </Alert>
      )}
      {board.isPending ? (
        <CircularProgress />
      ) : !board.data ? null : phone ? (
        <PhoneBoard data={board.data} days={days} />
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, overflowX: 'auto' }} data-testid="technician-board">
            <Box sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 }}>
              <Box sx={{ width: 150, flexShrink: 0, p: 0.5 }}>
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  Técnico
                </Typography>
              </Box>
              {days.map((d) => (
                <Box key={d} sx={{ flex: 1, minWidth: 0, borderLeft: 1, borderColor: 'divider', px: 0.5 }}>
                  {mode === 'week' && (
                    <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
                      {dayLabel(d)}
                    </Typography>
                  )}
                  <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                    {Array.from({ length: mode === 'day' ? HOURS / 2 : 2 }, (_, i) => (
                      <Typography key={i} variant="caption" color="text.secondary">
                        {String(FIRST_HOUR + i * (mode === 'day' ? 2 : HOURS / 2)).padStart(2, '0')}h
                      </Typography>
                    ))}
                  </Box>
                </Box>
              ))}
            </Box>
            {board.data.technicians.length === 0 && <Typography sx={{ p: 2 }}>Nenhum técnico (usuário ativo com a permissão de atividades externas) nesta organização.</Typography>}
            {board.data.technicians.map((t) => (
              <Box key={t.id} data-testid={`board-row-${t.id}`} sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="body2" noWrap title={t.name} sx={{ width: 150, flexShrink: 0, px: 0.5 }}>
                  {t.name}
                </Typography>
                {days.map((d) => (
                  <DayStrip key={d} technician={t} day={d} items={t.items} droppable={canDrag} compact={mode === 'week'} onDrop={(orderId, start) => void drop(t, orderId, start)} />
                ))}
              </Box>
            ))}
          </Paper>
          <Paper variant="outlined" sx={{ width: 280, flexShrink: 0, p: 1 }} aria-label="Atividades sem técnico">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Sem técnico ({board.data.unassigned.length})
            </Typography>
            {canDrag && (
              <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 1 }}>
                Arraste uma atividade para o horário de um técnico para designá-la e agendá-la.
              </Typography>
            )}
            <Stack spacing={1} sx={{ maxHeight: 640, overflowY: 'auto' }}>
              {board.data.unassigned.length === 0 && <Typography variant="body2">Nenhuma atividade aberta sem técnico neste período.</Typography>}
              {board.data.unassigned.map((o) => (
                <OrderCard key={o.id} order={o} draggable={canDrag} />
              ))}
            </Stack>
          </Paper>
        </Box>
      )}
    </>
  );
}

/** On a phone: each technician's items as a list, read-only (no drag below 600 px). */
function PhoneBoard({ data, days }: { data: BoardRead; days: string[] }) {
  const start = at(days[0], 0);
  const end = at(addDays(days[days.length - 1], 1), 0);
  return (
    <Stack spacing={1} data-testid="technician-board">
      {data.technicians.map((t) => {
        const items = t.items.filter((i) => Date.parse(i.end) > start && Date.parse(i.start) < end);
        return (
          <Paper key={t.id} variant="outlined" sx={{ p: 1 }} data-testid={`board-row-${t.id}`}>
            <Typography variant="subtitle2">{t.name}</Typography>
            {items.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Livre
              </Typography>
            ) : (
              items.map((i) => (
                <Typography key={`${i.kind}-${i.id}`} variant="body2">
                  {days.length > 1 ? `${new Date(i.start).toLocaleDateString('pt-BR', { weekday: 'short', timeZone: appTimeZone() })} ` : ''}
                  {hhmm(i.start)}–{hhmm(i.end)} {i.title}
                </Typography>
              ))
            )}
          </Paper>
        );
      })}
      {data.unassigned.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <Typography variant="subtitle2">Sem técnico</Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {data.unassigned.map((o) => (
              <Chip key={o.id} size="small" label={`${o.code} · ${o.client_name}`} component={RouterLink} to={`/external-activity/manage/${o.id}`} clickable />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
