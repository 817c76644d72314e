/** The project's external activities on a small month calendar (FullCalendar day grid, pt-BR). */
import { Box, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import ptBr from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import type { ProjectActivityRead } from '@operacoes/contract';
import { useNavigate } from 'react-router';
import { useCan } from '../../core/permissions';
import { appTimeZone } from '../../core/time-zone';

export function MiniCalendar({ activities }: { activities: ProjectActivityRead[] }) {
  const navigate = useNavigate();
  const theme = useTheme();
  const { canSeeRoute } = useCan();
  const scheduled = activities.filter((a) => a.scheduled_start);
  if (activities.length === 0) return <Typography color="text.secondary">Nenhuma atividade vinculada.</Typography>;
  const first = scheduled.map((a) => a.scheduled_start!).sort()[0];
  return (
    <Box
      sx={{
        '--fc-border-color': theme.palette.divider,
        '--fc-neutral-bg-color': 'transparent',
        '--fc-page-bg-color': 'transparent',
        '--fc-today-bg-color': alpha(theme.palette.primary.main, 0.15),
        '& .fc .fc-toolbar-title': { fontSize: '1rem', fontWeight: 600 },
        '& .fc .fc-col-header-cell': { bgcolor: 'transparent', fontSize: '0.75rem' },
        '& .fc .fc-daygrid-day-number': { fontSize: '0.75rem', color: 'text.secondary' },
        '& .fc .fc-button': { py: 0.25, px: 1 },
      }}
    >
      <FullCalendar
        // A named zone needs the luxon plugin: without it FullCalendar shows the UTC clock (a 14:00 visit at 17).
        plugins={[dayGridPlugin, luxonPlugin]}
        initialView="dayGridMonth"
        initialDate={first ?? undefined}
        locale={ptBr}
        timeZone={appTimeZone()}
        height="auto"
        headerToolbar={{ left: 'title', center: '', right: 'prev,next' }}
        dayMaxEvents={2}
        events={scheduled.map((a) => ({ id: String(a.id), title: `${a.code} · ${a.client_name}`, start: a.scheduled_start!, end: a.scheduled_end ?? undefined, color: a.assistance_type.color }))}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          if (canSeeRoute('/external-activity')) navigate(`/external-activity/manage/${info.event.id}`);
        }}
      />
      {scheduled.length < activities.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {activities.length - scheduled.length} atividade(s) sem data agendada.
        </Typography>
      )}
    </Box>
  );
}
