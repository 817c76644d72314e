/** `/schedule/:id`: one event with its participants, reserved items and links (.ics, edit, delete). */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { downloadFile } from '../../core/download';
import { formatDate, formatDateTime } from '../../core/format';
import { appTimeZone } from '../../core/time-zone';
import { RevisionHistory } from '../../core/history';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { RecordPage } from '../../core/RecordPage';
import { useRemove } from '../../core/resource';
import { Details, Section } from '../../core/Section';
import { type ScheduleEventRead, cancelOccurrence, eventApi } from './api';
import { toast } from '../../core/toast';
import { EventDialog } from './EventDialog';

/** "25/11/2026 08:00 – 12:00", "21/04/2027 (dia inteiro)", "21/04/2027 a 22/04/2027 (dia inteiro)". */
export function windowLabel(e: Pick<ScheduleEventRead, 'starts_at' | 'ends_at' | 'all_day'>) {
  if (e.all_day) {
    const [first, last] = [formatDate(e.starts_at), formatDate(e.ends_at)];
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
  // The calendar opens a series' occurrence with `?occurrence=<original start>`: edit or delete asks
  // whether it is about this one or the whole series.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const occurrence = params.get('occurrence');
  const [asking, setAsking] = useState<'edit' | 'delete' | null>(null);
  const [moving, setMoving] = useState(false);
  const occurrenceOf = (e: ScheduleEventRead) => {
    if (!occurrence || !e.recurrence) return null;
    const start = new Date(occurrence);
    if (Number.isNaN(start.getTime())) return null;
    const length = e.all_day ? 0 : Date.parse(e.ends_at) - Date.parse(e.starts_at);
    const days = e.all_day ? Math.round((Date.parse(`${e.ends_at}T12:00:00Z`) - Date.parse(`${e.starts_at}T12:00:00Z`)) / 86_400_000) : 0;
    const dayOf = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: appTimeZone() });
    return e.all_day
      ? { start: dayOf(start), end: dayOf(new Date(start.getTime() + days * 86_400_000 + 12 * 3_600_000)), original: occurrence }
      : { start: start.toISOString(), end: new Date(start.getTime() + length).toISOString(), original: occurrence };
  };
  async function cancelThis(e: ScheduleEventRead, original: string) {
    setAsking(null);
    await cancelOccurrence(e.id, original);
    await eventApi.invalidate(qc);
    toast.success('Ocorrência cancelada');
    navigate(`/schedule/${e.id}`, { replace: true });
  }
  return (
    <RecordPage query={query} what="Evento" gender="m" backTo="/schedule">
      {(e) => {
        const one = occurrenceOf(e);
        return (
        <>
          <PageTitle
            title={e.title}
            subtitle={one ? `${windowLabel({ starts_at: one.start, ends_at: one.end, all_day: e.all_day })} · ocorrência de "${e.recurrence_label}"` : windowLabel(e)}
            actions={
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button component={RouterLink} to="/schedule">
                  Agenda
                </Button>
                <Button startIcon={<DownloadIcon />} onClick={() => void downloadFile(`/schedule/${e.id}/ics`, `evento-${e.id}.ics`)}>
                  Baixar .ics
                </Button>
                {canWrite && (
                  <Button startIcon={<EditIcon />} variant="contained" onClick={() => (one ? setAsking('edit') : setEditing(true))}>
                    Editar
                  </Button>
                )}
                {canWrite && (
                  <Button startIcon={<DeleteIcon />} color="error" onClick={() => (one ? setAsking('delete') : void remove(e.id, e.title))}>
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
          {e.series_id && e.recurrence_id && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Ocorrência movida de uma série (era em {e.all_day ? formatDate(e.recurrence_id) : formatDateTime(e.recurrence_id)}).{' '}
              <Link component={RouterLink} to={`/schedule/${e.series_id}`}>
                Ver a série
              </Link>
            </Alert>
          )}
          <Section title="Evento">
            <Details
              rows={[
                ['Quando', e.recurrence ? `${windowLabel(e)} (primeira ocorrência)` : windowLabel(e)],
                ...(e.recurrence_label ? ([['Repete', e.recurrence_label]] as [string, string][]) : []),
                ...(e.recurrence && (e.exdates.length || e.exceptions.length)
                  ? ([['Exceções', [e.exdates.length ? `${e.exdates.length} cancelada${e.exdates.length > 1 ? 's' : ''}` : '', e.exceptions.length ? `${e.exceptions.length} movida${e.exceptions.length > 1 ? 's' : ''}` : ''].filter(Boolean).join(', ')]] as [string, string][])
                  : []),
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
          <Dialog open={!!asking && !!one} onClose={() => setAsking(null)} aria-labelledby="occurrence-choice-title">
            <DialogTitle id="occurrence-choice-title">{asking === 'delete' ? 'Excluir evento recorrente' : 'Editar evento recorrente'}</DialogTitle>
            <DialogContent>
              <DialogContentText>
                {asking === 'delete' ? 'Cancelar somente esta ocorrência ou excluir toda a série?' : 'Alterar somente esta ocorrência ou toda a série?'}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setAsking(null)} color="inherit">
                Voltar
              </Button>
              <Button
                onClick={() => {
                  if (asking === 'delete') void remove(e.id, e.title);
                  else setEditing(true);
                  setAsking(null);
                }}
              >
                Toda a série
              </Button>
              <Button
                variant="contained"
                autoFocus
                onClick={() => {
                  if (asking === 'delete') void cancelThis(e, one!.original);
                  else {
                    setAsking(null);
                    setMoving(true);
                  }
                }}
              >
                Somente esta ocorrência
              </Button>
            </DialogActions>
          </Dialog>
          {moving && one && (
            <EventDialog
              event={e}
              occurrence={{ start: one.start, end: one.end }}
              onClose={() => setMoving(false)}
              onSaved={(id) => {
                setMoving(false);
                navigate(`/schedule/${id}`);
              }}
            />
          )}
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
        );
      }}
    </RecordPage>
  );
}
