/** Create or edit an event in a dialog (from the calendar or the event's page). */
import { Button, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { dayInZone, scheduleEventCreate, type ScheduleEventRead, zonedInstant } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FormGrid, FormMultiPicker, FormSelect, FormSwitch, Wide } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { FormDateTime } from '../../core/form/FormDateTime';
import { appTimeZone } from '../../core/time-zone';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { toast } from '../../core/toast';
import { FormUnitSelect } from '../unit-organizational';
import { eventApi, saveEvent, searchItems, searchPeople } from './api';
import { sendConfirmingClash } from './clash';
import { RecurrenceFields } from './RecurrenceFields';

export type EventDraft = { starts_at: string; ends_at: string; all_day: boolean };
const DECLINED = 'conflito não confirmado';
const EVENT_COLORS = [
  { value: '#1565c0', label: 'Azul' },
  { value: '#2e7d32', label: 'Verde' },
  { value: '#ef6c00', label: 'Laranja' },
  { value: '#c62828', label: 'Vermelho' },
  { value: '#00897b', label: 'Verde-azulado' },
  { value: '#546e7a', label: 'Cinza' },
];

const dayOf = (iso: string) => (iso.length === 10 ? iso : dayInZone(new Date(iso), appTimeZone()));
const atHour = (day: string, hour: number) => zonedInstant(`${day}T${String(hour).padStart(2, '0')}:00`, appTimeZone()).toISOString();

/**
 * `occurrence`: moving just this occurrence of the series `event` — the form starts from the series
 * with the occurrence's window and saves a new event standing in for it (series_id + its original start).
 */
export function EventDialog({ event, draft, occurrence, onClose, onSaved }: { event?: ScheduleEventRead; draft?: EventDraft; occurrence?: { start: string; end: string }; onClose: () => void; onSaved: (id: number) => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const qc = useQueryClient();
  const { can } = useCan();
  const form = useSchemaForm(scheduleEventCreate, {
    title: event?.title ?? '',
    starts_at: occurrence?.start ?? event?.starts_at ?? draft?.starts_at,
    ends_at: occurrence?.end ?? event?.ends_at ?? draft?.ends_at,
    all_day: event?.all_day ?? draft?.all_day ?? false,
    participant_ids: event?.participant_ids ?? [],
    patrimony_ids: event?.patrimony_ids ?? [],
    location: event?.location ?? '',
    description: event?.description ?? '',
    color: event?.color ?? null,
    unit_organizational_id: event?.unit_organizational_id ?? null,
    recurrence: occurrence ? null : (event?.recurrence ?? null),
  });
  // A moved occurrence does not repeat; neither does the one being moved now.
  const repeats = !occurrence && !event?.series_id;
  // Switching "dia inteiro" turns the times into days (and back, 08:00–09:00).
  const allDay = form.watch('all_day');
  const previous = useRef(allDay);
  useEffect(() => {
    if (previous.current === allDay) return;
    previous.current = allDay;
    const { starts_at, ends_at } = form.getValues();
    if (!starts_at || !ends_at) return;
    if (allDay) {
      form.setValue('starts_at', dayOf(starts_at));
      form.setValue('ends_at', dayOf(ends_at));
    } else {
      form.setValue('starts_at', atHour(dayOf(starts_at), 8));
      form.setValue('ends_at', atHour(dayOf(starts_at), 9));
    }
  }, [allDay, form]);

  async function submit(values: Record<string, unknown>) {
    let saved: { id: number } | undefined;
    const ok = await sendConfirmingClash(async (force) => {
      saved = occurrence
        ? await saveEvent(null, { ...values, recurrence: undefined, series_id: event!.id, recurrence_id: occurrence.start, force })
        : await saveEvent(event?.id ?? null, { ...values, recurrence: repeats ? values.recurrence : undefined, force });
    });
    if (!ok || !saved) throw new Error(DECLINED);
    await eventApi.invalidate(qc);
    toast.success(occurrence ? 'Ocorrência movida' : event ? 'Evento salvo' : 'Evento criado');
    return saved;
  }

  return (
    <Dialog open onClose={(_e, reason) => reason !== 'backdropClick' && onClose()} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="event-dialog-title">
      <DialogTitle id="event-dialog-title">{occurrence ? 'Mover esta ocorrência' : event?.recurrence ? 'Editar toda a série' : event ? 'Editar evento' : 'Novo evento'}</DialogTitle>
      <DialogContent>
        <ResourceForm form={form} onSubmit={submit} onSuccess={(r) => onSaved((r as { id: number }).id)} guard={false} ariaLabel="Evento" actions={<Button onClick={onClose} color="inherit">Cancelar</Button>}>
          <FormGrid>
            <Wide>
              <FormText name="title" label="Título" required autoFocus fullWidth />
            </Wide>
            <FormSwitch name="all_day" label="Dia inteiro" />
            <FormText name="location" label="Local" fullWidth />
            {allDay ? (
              <>
                <FormDate name="starts_at" label="Primeiro dia" />
                <FormDate name="ends_at" label="Último dia" />
              </>
            ) : (
              <>
                <FormDateTime name="starts_at" label="Início" />
                <FormDateTime name="ends_at" label="Fim" />
              </>
            )}
            {repeats && (
              <Wide>
                <RecurrenceFields />
              </Wide>
            )}
            <Wide>
              <FormMultiPicker name="participant_ids" label="Participantes" queryKey={['schedule_event', 'people']} fetch={searchPeople} initial={event?.participants ?? []} helperText="Quem já estiver ocupado no horário é avisado antes de salvar" noOptionsText="Ninguém encontrado" />
            </Wide>
            {can(['PATRIMONY', 'PATRIMONY.INDEX']) && (
              <Wide>
                <FormMultiPicker
                  name="patrimony_ids"
                  label="Itens reservados"
                  queryKey={['schedule_event', 'items']}
                  fetch={searchItems}
                  initial={(event?.reservations ?? []).map((r) => ({ id: r.patrimony_id, name: `${r.tag} — ${r.product}` }))}
                  helperText="Reservados para o horário do evento: não saem por solicitação nem entram em outro evento no mesmo horário"
                  noOptionsText="Nenhum item encontrado"
                />
              </Wide>
            )}
            <FormUnitSelect label="Unidade" />
            <FormSelect name="color" label="Cor" emptyLabel="Padrão (roxo)" options={EVENT_COLORS} />
            <Wide>
              <FormText name="description" label="Descrição" multiline minRows={3} fullWidth />
            </Wide>
          </FormGrid>
        </ResourceForm>
      </DialogContent>
    </Dialog>
  );
}
