/**
 * `/schedule`: the organization's calendar — own events and scheduled work orders —
 * in month, week, day and list views (FullCalendar, pt-BR, weeks from Sunday). Dragging moves or
 * resizes (a busy person is asked about: "manter assim mesmo?"); selecting a span creates an event.
 */
import type { DateSelectArg, EventClickArg, EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import { SCHEDULE_CHANGED, type ScheduleRealtimeMessage, dayInZone } from '@operacoes/contract';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import AddIcon from '@mui/icons-material/Add';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { Alert, Autocomplete, Box, Button, Chip, Collapse, FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, alpha, getContrastRatio, useMediaQuery, useTheme } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { toast } from '../../core/toast';
import { appTimeZone, zoneNote } from '../../core/time-zone';
import { useRealtimeEvent } from '../notification';
import { fetchUnitOptions } from '../unit-organizational';
import { type CalendarItem, type Ref, eventApi, fetchCalendar, fetchTypes, moveActivity, moveEvent, searchPeople } from './api';
import { sendConfirmingClash } from './clash';
import { EventDialog, type EventDraft } from './EventDialog';
import { FeedDialog } from './FeedDialog';
import { TechnicianBoard } from './TechnicianBoard';
import './calendar.css';

/** `YYYY-MM-DD` of an instant in the organization's zone (the calendar's days are the operator's, not the browser's). */
const ymd = (d: Date) => dayInZone(d, appTimeZone());
const DAY = 86_400_000;
/** FullCalendar's all-day end is exclusive; the API's is the last day. */
const lastDay = (end: Date | null, start: Date) => ymd(end ? new Date(end.getTime() - DAY) : start);

/**
 * The text on an event's own colour: white or black, whichever reads better. A colour is the
 * user's choice (a type's or an event's), and FullCalendar's white on a light one failed WCAG's 4.5:1.
 */
const textOn = (color: string) => {
  try {
    return getContrastRatio(color, '#fff') >= getContrastRatio(color, '#000') ? '#fff' : '#000';
  } catch {
    return undefined; // a colour MUI cannot read: FullCalendar's default
  }
};

const toEvent = (item: CalendarItem): EventInput => ({
  id: item.key,
  title: item.title,
  start: item.start,
  end: item.end,
  allDay: item.all_day,
  backgroundColor: item.color,
  borderColor: item.color,
  textColor: textOn(item.color),
  editable: item.editable,
  extendedProps: { item },
  classNames: [`schedule-${item.kind}`],
});

// Constant options (FullCalendar re-applies an option whose identity changes).
// The luxon plugin lets the calendar run on the organization's named zone (core/time-zone).
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin];
const BUTTON_TEXT = { today: 'Hoje', month: 'Mês', week: 'Semana', day: 'Dia', list: 'Lista' };
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const DESKTOP_HEADER = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' };
const PHONE_HEADER = { left: 'prev,next', center: 'title', right: 'today' };
const PHONE_FOOTER = { center: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' };

type Filters = { mine: boolean; person: Ref | null; unit: number | ''; type: number | '' };

export default function SchedulePage() {
  const theme = useTheme();
  const pressed = theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.dark;
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  // The dispatch board is a view of the schedule (`?view=tecnicos`), in its own component.
  const [params] = useSearchParams();
  const { user } = useCan();
  const canWrite = eventApi.canWrite(user);
  const calendar = useRef<FullCalendar>(null);
  const calendarBox = useRef<HTMLDivElement>(null);
  // FullCalendar draws its arrows as role="img" with no name; the buttons around them are named
  // by their title ("Semana anterior"), so the icons leave the accessibility tree, also when
  // the toolbar is drawn again.
  useEffect(() => {
    const box = calendarBox.current;
    if (!box) return;
    const hide = () => box.querySelectorAll('.fc-icon[role="img"]:not([aria-hidden])').forEach((el) => el.setAttribute('aria-hidden', 'true'));
    hide();
    const observer = new MutationObserver(hide);
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  const [filters, setFilters] = useState<Filters>({ mine: false, person: null, unit: '', type: '' });
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const [showFilters, setShowFilters] = useState(false);
  const [truncated, setTruncated] = useState(false);
  const activeFilters = [filters.mine, filters.person, filters.unit, filters.type].filter(Boolean).length;
  const [personTerm, setPersonTerm] = useState('');
  const people = useQuery({ queryKey: ['schedule_event', 'people', personTerm], queryFn: () => searchPeople(personTerm) });
  const units = useQuery({ queryKey: ['unit-organizational', 'options'], queryFn: fetchUnitOptions });
  const types = useQuery({ queryKey: ['schedule_event', 'types'], queryFn: fetchTypes, retry: false });

  const refetch = () => calendar.current?.getApi().refetchEvents();
  // Someone else created, moved or cancelled an event or a work order's visit: the open period is fetched again.
  useRealtimeEvent<ScheduleRealtimeMessage>(SCHEDULE_CHANGED, () => refetch());
  const events = useCallback(
    (info: EventSourceFuncArg, success: (e: EventInput[]) => void, failure: (e: Error) => void) => {
      fetchCalendar({
        from: info.startStr,
        to: info.endStr,
        mine: filters.mine || undefined,
        technician: filters.person?.id,
        unit: filters.unit || undefined,
        assistance_type: filters.type || undefined,
      }).then(({ items, truncated }) => {
        setTruncated(truncated);
        success(items.map(toEvent));
      }, failure);
    },
    [filters],
  );

  async function move(info: EventDropArg | EventResizeDoneArg) {
    const item = info.event.extendedProps.item as CalendarItem;
    const start = info.event.start!;
    const allDay = info.event.allDay;
    let moved: boolean;
    if (item.kind === 'activity') {
      if (allDay) {
        toast.warning('Atividades externas precisam de horário: solte-a em um horário do dia.');
        return info.revert();
      }
      const end = info.event.end ?? new Date(start.getTime() + (Date.parse(item.end) - Date.parse(item.start)));
      moved = await sendConfirmingClash((force) => moveActivity(item.id, { scheduled_start: start.toISOString(), scheduled_end: end.toISOString(), force }), true);
    } else {
      const end = info.event.end ?? new Date(start.getTime() + (allDay ? DAY : 3_600_000));
      const body = allDay ? { starts_at: ymd(start), ends_at: lastDay(end, start), all_day: true } : { starts_at: start.toISOString(), ends_at: end.toISOString(), all_day: false };
      moved = await sendConfirmingClash((force) => moveEvent(item.id, { ...body, force }), true);
    }
    if (!moved) return info.revert();
    toast.success(item.kind === 'activity' ? 'Atividade reagendada' : 'Evento movido');
    refetch();
  }

  function select(info: DateSelectArg) {
    info.view.calendar.unselect();
    if (!canWrite) return;
    // After the click that ends the selection (it would land on the new dialog's backdrop).
    setTimeout(() => setDraft(info.allDay ? { starts_at: ymd(info.start), ends_at: lastDay(info.end, info.start), all_day: true } : { starts_at: info.start.toISOString(), ends_at: info.end.toISOString(), all_day: false }), 0);
  }

  function open(info: EventClickArg) {
    info.jsEvent.preventDefault();
    const item = info.event.extendedProps.item as CalendarItem;
    navigate(item.kind === 'event' ? `/schedule/${item.id}${item.occurrence ? `?occurrence=${encodeURIComponent(item.occurrence)}` : ''}` : `/external-activity/manage/${item.id}`);
  }

  const newEvent = () => {
    const start = new Date();
    start.setMinutes(0, 0, 0);
    start.setHours(start.getHours() + 1);
    setDraft({ starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false });
  };

  if (params.get('view') === 'tecnicos') return <TechnicianBoard />;
  return (
    <>
      <PageTitle
        title="Agenda"
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/schedule?view=tecnicos">
              Técnicos
            </Button>
            <Button startIcon={<EventAvailableIcon />} onClick={() => setFeedOpen(true)}>
              {phone ? 'Assinar' : 'Assinar no celular'}
            </Button>
            {canWrite && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={newEvent}>
                Novo evento
              </Button>
            )}
          </Stack>
        }
      />
      {phone && (
        <Button size="small" startIcon={<FilterListIcon />} onClick={() => setShowFilters((v) => !v)} sx={{ mb: 1 }} aria-expanded={showFilters}>
          Filtros{activeFilters ? ` (${activeFilters})` : ''}
        </Button>
      )}
      <Collapse in={!phone || showFilters}>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
          <FormControlLabel control={<Switch checked={filters.mine} onChange={(e) => setFilters((f) => ({ ...f, mine: e.target.checked }))} />} label="Somente os meus" />
          <Autocomplete<Ref>
            size="small"
            sx={{ minWidth: 220 }}
            options={people.data ?? []}
            value={filters.person}
            filterOptions={(x) => x}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.name}
            onInputChange={(_e, v) => setPersonTerm(v)}
            onChange={(_e, person) => setFilters((f) => ({ ...f, person }))}
            noOptionsText="Ninguém encontrado"
            renderInput={(params) => <TextField {...params} label="Pessoa / técnico" />}
          />
          <TextField select size="small" label="Unidade" fullWidth={false} sx={{ minWidth: 200 }} value={filters.unit} onChange={(e) => setFilters((f) => ({ ...f, unit: e.target.value === '' ? '' : Number(e.target.value) }))}>
            <MenuItem value="">Todas</MenuItem>
            {(units.data ?? []).map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
          {types.data && types.data.length > 0 && (
            <TextField select size="small" label="Tipo de atendimento" fullWidth={false} sx={{ minWidth: 240 }} value={filters.type} onChange={(e) => setFilters((f) => ({ ...f, type: e.target.value === '' ? '' : Number(e.target.value) }))}>
              <MenuItem value="">Eventos e atividades</MenuItem>
              {types.data.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  <Box component="span" sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: t.color, mr: 1 }} />
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </Paper>
      </Collapse>
      {truncated && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          Há mais eventos e atividades neste período do que a agenda mostra: filtre por pessoa, unidade ou tipo de atendimento.
        </Alert>
      )}
      <Paper
        variant="outlined"
        ref={calendarBox}
        className="schedule-calendar"
        data-testid="schedule-calendar"
        sx={{
          p: { xs: 0.5, sm: 2 },
          // FullCalendar's colours from the app's theme (light and dark).
          '--fc-border-color': theme.palette.divider,
          '--fc-page-bg-color': theme.palette.background.paper,
          '--fc-neutral-bg-color': theme.palette.action.hover,
          '--fc-list-event-hover-bg-color': theme.palette.action.selected,
          '--fc-today-bg-color': alpha(theme.palette.warning.main, 0.12),
          '--fc-button-bg-color': theme.palette.primary.main,
          '--fc-button-border-color': theme.palette.primary.main,
          // The pressed view button: dark text on the dark theme's primary.dark was 4.4:1, on its light shade it is 11:1.
          '--fc-button-hover-bg-color': pressed,
          '--fc-button-hover-border-color': pressed,
          '--fc-button-active-bg-color': pressed,
          '--fc-button-active-border-color': pressed,
          '--fc-button-text-color': theme.palette.primary.contrastText,
        }}
      >
        {/* A browser in another zone (a manager abroad) sees the operator's times: say which. */}
        {zoneNote() && <Chip size="small" variant="outlined" sx={{ mb: 1 }} label={zoneNote()} data-testid="schedule-zone" />}
        <FullCalendar
          ref={calendar}
          plugins={PLUGINS}
          locale={ptBrLocale}
          firstDay={0}
          timeZone={appTimeZone()}
          initialView={phone ? 'listWeek' : 'timeGridWeek'}
          headerToolbar={phone ? PHONE_HEADER : DESKTOP_HEADER}
          footerToolbar={phone ? PHONE_FOOTER : undefined}
          buttonText={BUTTON_TEXT}
          allDayText="Dia inteiro"
          noEventsText="Nada agendado neste período"
          height={phone ? 'auto' : 760}
          slotMinTime="06:00:00"
          slotMaxTime="23:00:00"
          scrollTime="07:00:00"
          nowIndicator
          eventTimeFormat={TIME_FORMAT}
          slotLabelFormat={TIME_FORMAT}
          events={events}
          editable={canWrite}
          selectable={canWrite}
          selectMirror
          longPressDelay={400}
          select={select}
          eventDrop={(info) => void move(info)}
          eventResize={(info) => void move(info)}
          eventClick={open}
          eventDidMount={(info) => {
            const item = info.event.extendedProps.item as CalendarItem | undefined;
            // The selection's mirror is an event without an item.
            if (!item) return;
            info.el.setAttribute('data-key', item.key);
            info.el.title = [item.title, item.people.map((p) => p.name).join(', '), item.location].filter(Boolean).join('\n');
          }}
        />
      </Paper>
      {types.data && types.data.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }} aria-label="Legenda">
          <Chip size="small" variant="outlined" label="Eventos" icon={<Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: '#5e35b1', ml: '8px !important' }} />} />
          {types.data.map((t) => (
            <Chip key={t.id} size="small" variant="outlined" label={t.name} icon={<Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: t.color, ml: '8px !important' }} />} />
          ))}
        </Stack>
      )}
      {draft && (
        <EventDialog
          draft={draft}
          onClose={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            refetch();
          }}
        />
      )}
      <FeedDialog open={feedOpen} onClose={() => setFeedOpen(false)} />
    </>
  );
}
