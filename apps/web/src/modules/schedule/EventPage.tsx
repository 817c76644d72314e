/** `/schedule/:id`: one event with its participants, reserved items and links (.ics, edit, delete). */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { downloadFile } from '../../core/download';
import { formatDate, formatDateTime } from '../../core/format';
import { RevisionHistory } from '../../core/history';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { RecordPage } from '../../core/RecordPage';
import { useRemove } from '../../core/resource';
import { Details, Section } from '../../core/Section';
import { type ScheduleEventRead, eventApi } from './api';
import { EventDialog } from './EventDialog';

/** "25/11/2026 08:00 – 12:00", "21/04/2027 (dia inteiro)", "21/04/2027 a 22/04/2027 (dia inteiro)". */
export function windowLabel(e: Pick<ScheduleEventRead, 'starts_at' | 'ends_at' | 'all_day'>) {
  if (e.all_day) {
    const [first, last] = [formatDate(`${e.starts_at}T12:00:00`), formatDate(`${e.ends_at}T12:00:00`)];
    return `${first === last ? first : `${first} a ${last}`} (dia inteiro)`;
  }
  const [start, end] = [formatDateTime(e.starts_at), formatDateTime(e.ends_at)];
  return start.slice(0, 10) === end.slice(0, 10) ? `${start} – ${end.slice(11)}` : `${start} – ${end}`;
}

export default function EventPage() {
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const { user } = useCan();
  const query = useQuery({ queryKey: eventApi.keys.one(id), queryFn: () => eventApi.get(id), enabled: Number.isInteger(id) && id > 0 });
  const remove = useRemove(eventApi, { navigateTo: '/schedule', done: 'Evento excluído!' });
  const [editing, setEditing] = useState(false);
  const canWrite = eventApi.canWrite(user);
  return (
    <RecordPage query={query} what="Evento" gender="m" backTo="/schedule">
      {(e) => (
        <>
          <PageTitle
            title={e.title}
            subtitle={windowLabel(e)}
            actions={
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button component={RouterLink} to="/schedule">
                  Agenda
                </Button>
                <Button startIcon={<DownloadIcon />} onClick={() => void downloadFile(`/schedule/${e.id}/ics`, `evento-${e.id}.ics`)}>
                  Baixar .ics
                </Button>
                {canWrite && (
                  <Button startIcon={<EditIcon />} variant="contained" onClick={() => setEditing(true)}>
                    Editar
                  </Button>
                )}
                {canWrite && (
                  <Button startIcon={<DeleteIcon />} color="error" onClick={() => void remove(e.id, e.title)}>
                    Excluir
                  </Button>
                )}
              </Stack>
            }
          />
          {e.clash_note && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Mantido apesar de conflito de agenda: {e.clash_note}
            </Alert>
          )}
          <Section title="Evento">
            <Details
              rows={[
                ['Quando', windowLabel(e)],
                ['Local', e.location || '—'],
                ['Unidade', e.unit_organizational?.name ?? '—'],
                ['Criado por', e.created_by?.name ?? '—'],
                [
                  'Cor',
                  e.color ? <Box component="span" sx={{ display: 'inline-block', width: 16, height: 16, borderRadius: '50%', bgcolor: e.color, verticalAlign: 'middle' }} role="img" aria-label={e.color} /> : 'Padrão',
                ],
              ]}
            />
            {e.description && <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{e.description}</Typography>}
          </Section>
          <Section title={`Participantes (${e.participants.length})`}>
            {e.participants.length ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {e.participants.map((p) => (
                  <Chip key={p.id} label={p.name} />
                ))}
              </Stack>
            ) : (
              <Typography color="text.secondary">Nenhum participante.</Typography>
            )}
          </Section>
          <Section title={`Itens reservados (${e.reservations.length})`} hint="Ficam no almoxarifado durante o evento: não saem por solicitação nem entram em outro evento no mesmo horário.">
            {e.reservations.length ? (
              <List dense disablePadding>
                {e.reservations.map((r) => (
                  <ListItem key={r.id} disableGutters>
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={`/patrimony/edit/${r.patrimony_id}`}>
                          {r.tag}
                        </Link>
                      }
                      secondary={r.product}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography color="text.secondary">Nenhum item reservado.</Typography>
            )}
          </Section>
          <Section title="Histórico">
            <RevisionHistory entity="schedule_event" entityId={e.id} />
          </Section>
          {editing && (
            <EventDialog
              event={e}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                void qc.invalidateQueries({ queryKey: eventApi.keys.one(e.id) });
              }}
            />
          )}
        </>
      )}
    </RecordPage>
  );
}
