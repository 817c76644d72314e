/**
 * /external-activity/manage/:id: the screen a technician drives from the phone — the activity's
 * details with a map link and a call button, the status buttons allowed now (each sends the
 * device's position when it gives one), the checklist (saved as typed, kept through a dropped
 * connection) and the timeline. What is recorded on site is offered to the order's assigned
 * technicians only; the status buttons are the steps the API says this user may take, and
 * "Editar dados" shows for those who may edit (contract external-activity/rights.ts).
 */
import DirectionsIcon from '@mui/icons-material/Directions';
import EditIcon from '@mui/icons-material/Edit';
import PhoneIcon from '@mui/icons-material/Phone';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Alert, Box, Button, CircularProgress, Menu, MenuItem, Paper, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import { type ChecklistAnswer, type DevicePosition, type ExternalActivityRead, type WorkflowStep, formatCpfCnpj } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ReasonDialog } from '../../../core/form';
import { PageTitle } from '../../../core/PageTitle';
import { RecordPage } from '../../../core/RecordPage';
import { Section } from '../../../core/Section';
import { confirmAction, toast } from '../../../core/toast';
import { sendConfirmingClash } from '../../../core/clash';
import { onRecordSent, QUEUED_MESSAGE, useOfflineQueue } from '../../../core/offline/queue';
import { activityApi, takeDayStep, answersKey, fetchActivity, fetchAnswers, fetchMaterials, fetchPhotos, fetchTimeline, materialsKey, photosKey, recordOnSite, signatureKey, timelineKey } from '../api';
import { PendingRecords, SyncBar } from './SyncBar';
import { usePhotoUploads } from './usePhotoUploads';
import { Materials, Photos, Signature } from './WorkSections';
import { downloadFile } from '../../../core/download';
import { formatDateTime, PhoneStatusChip, PriorityChip, SlaChip, statusOnPhone, TypeChip, useNow } from '../parts';
import { rightsOf, useActivityActor } from '../rights';
import type { AnswerValue } from './answerQueue';
import { answered, Checklist } from './Checklist';
import { RescheduleDialog } from './RescheduleDialog';
import { ScheduleDialog } from './ScheduleDialog';
import { Timeline } from './Timeline';

/** The device's position, when it gives one within a few seconds (a step never waits longer). */
function currentPosition(): Promise<DevicePosition | null> {
  if (!navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 6000);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy_m: Math.round(p.coords.accuracy) });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 60_000 },
    );
  });
}

/** A link that opens the phone's map app at the client (coordinates, or else the address). */
export function mapLink(a: Pick<ExternalActivityRead, 'latitude' | 'longitude' | 'address' | 'city'>): string | null {
  if (a.latitude !== null && a.longitude !== null) return `https://www.google.com/maps/search/?api=1&query=${a.latitude},${a.longitude}`;
  const place = [a.address, a.city ? `${a.city.name} - ${a.city.uf}` : null].filter(Boolean).join(', ');
  return place ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}` : null;
}

/** The steps that put the order in its technicians' days: checked against them and the SLA (a 409 asked). */
const DAY_STEPS = new Set(['schedule', 'reschedule']);
/** The technician's steps on site: queued on the phone like the other on-site records. */
const ON_SITE_STEPS = new Set(['depart', 'start', 'finish']);

/**
 * The order's reads run without signal too (they fall back to the phone's copy): react-query would
 * otherwise hold them paused while offline. Set for every external_activity key (the balances picker's too).
 */
export function readOffline(qc: ReturnType<typeof useQueryClient>) {
  qc.setQueryDefaults(['external_activity'], { networkMode: 'always' });
}

export default function ManagePage() {
  const id = Number(useParams().id);
  readOffline(useQueryClient());
  const query = useQuery({ queryKey: activityApi.keys.one(id), queryFn: () => fetchActivity(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <RecordPage query={query} what="Atividade externa" gender="f" backTo="/external-activity">
      {(a) => <Manage activity={a as ExternalActivityRead} />}
    </RecordPage>
  );
}

function Manage({ activity: a }: { activity: ExternalActivityRead }) {
  const qc = useQueryClient();
  const may = rightsOf(useActivityActor(), a);
  const now = useNow();
  const answers = useQuery({ queryKey: answersKey(a.id), queryFn: () => fetchAnswers(a.id) });
  const materials = useQuery({ queryKey: materialsKey(a.id), queryFn: () => fetchMaterials(a.id) });
  const photos = useQuery({ queryKey: photosKey(a.id), queryFn: () => fetchPhotos(a.id) });
  const uploads = usePhotoUploads(a.id);
  const timeline = useQuery({ queryKey: timelineKey(a.id), queryFn: () => fetchTimeline(a.id) });
  const [values, setValues] = useState<Record<string, AnswerValue>>({});
  const onValues = useCallback((v: Record<string, AnswerValue>) => setValues(v), []);
  const [busy, setBusy] = useState<string | null>(null);
  const [reasonStep, setReasonStep] = useState<WorkflowStep | null>(null);
  const [scheduling, setScheduling] = useState<WorkflowStep | null>(null);
  const [rescheduling, setRescheduling] = useState<WorkflowStep | null>(null);
  const link = mapLink(a);
  const queue = useOfflineQueue();
  /** A step of this order waits on the phone: no other step is offered until it is sent. */
  const stepWaiting = queue.records.some((r) => r.activityId === a.id && r.kind === 'step');

  // A record of this order reached the server: what it changed is read again.
  useEffect(
    () =>
      onRecordSent((r) => {
        if (r.activityId !== a.id) return;
        for (const key of [materialsKey(a.id), photosKey(a.id), answersKey(a.id), signatureKey(a.id), timelineKey(a.id)]) void qc.invalidateQueries({ queryKey: key });
        if (r.kind === 'step') void qc.invalidateQueries({ queryKey: activityApi.keys.one(a.id) });
      }),
    [a.id, qc],
  );

  /** An on-site step (or a reschedule without signal) through the phone's queue. */
  const queueStep = async (step: WorkflowStep, body: Record<string, unknown>) => {
    const out = await recordOnSite(a.id, 'step', step.label, 'POST', `/${step.verb}`, body);
    if (out.status === 'refused') {
      toast.error(out.error);
      throw new Error('refused');
    }
    if (out.status === 'queued') {
      toast.info(QUEUED_MESSAGE);
      return;
    }
    await activityApi.invalidate(qc, out.data as ExternalActivityRead);
    void qc.invalidateQueries({ queryKey: timelineKey(a.id) });
    toast.success(`${step.label}: feito!`);
  };

  const post = async (step: WorkflowStep, reason?: string, extra: Record<string, unknown> = {}) => {
    setBusy(step.verb);
    try {
      const position = await currentPosition();
      const body = { ...(reason ? { reason } : {}), ...extra, position };
      if (ON_SITE_STEPS.has(step.verb) || (step.verb === 'reschedule' && !navigator.onLine)) return await queueStep(step, body);
      let saved: ExternalActivityRead | undefined;
      if (DAY_STEPS.has(step.verb)) {
        // A busy technician or the SLA deadline is asked, as the calendar asks: "Agendar assim mesmo?".
        const label = step.label;
        const done = await sendConfirmingClash(async (force) => void (saved = await takeDayStep(a.id, step.verb, force ? { ...body, force } : body)), true, { question: `${label} assim mesmo?`, confirmText: `${label} assim mesmo` });
        // Declined (or refused and toasted): the dialog stays open.
        if (!done) throw new Error('not scheduled');
      } else saved = await activityApi.step(a.id, step.verb, body);
      await activityApi.invalidate(qc, saved!);
      void qc.invalidateQueries({ queryKey: timelineKey(a.id) });
      toast.success(`${step.label}: feito!`);
    } finally {
      setBusy(null);
    }
  };

  const take = async (step: WorkflowStep) => {
    if (step.verb === 'reschedule') return setRescheduling(step);
    if (step.needs_reason) return setReasonStep(step);
    if (step.verb === 'schedule' && !a.scheduled_start) return setScheduling(step);
    if (step.verb === 'finish') {
      // Photos still on the phone count: they are sent before the conclusion.
      const photographed = new Set([...(photos.data ?? []).map((p) => p.item_key), ...uploads.pending.filter((p) => p.state !== 'refused').map((p) => p.itemKey)]);
      const missing = a.checklist.filter((i) => i.required && (i.kind === 'foto' ? !photographed.has(i.key) : !answered(values[i.key])));
      if (missing.length) {
        toast.error(`Responda os itens obrigatórios antes de concluir: ${missing.map((i) => i.label).join('; ')}.`);
        return;
      }
    }
    const ok = await confirmAction({ title: `${step.label} a atividade ${a.code}?`, confirmText: step.label, danger: step.color === 'error' });
    if (!ok) return;
    await post(step).catch(() => undefined);
  };

  // A step waiting on the phone counts: concluded without signal, nothing more is recorded on site.
  const onPhone = statusOnPhone(a, queue.records).status;
  const execution = onPhone === 'em_execucao';
  /** Answers, materials, photos and the signature: being executed, by one of its technicians. */
  const onSite = execution && may.work;
  const open = onPhone !== 'concluida' && onPhone !== 'cancelada';
  return (
    <Box sx={{ maxWidth: 860 }}>
      <PageTitle title={`Atividade ${a.code}`} subtitle={a.client_name} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <PhoneStatusChip activity={a} records={queue.records} />
        <PriorityChip priority={a.priority} />
        <TypeChip type={a.assistance_type} />
        <SlaChip activity={a} now={now} />
      </Box>

      {a.steps.length > 0 && <StepBar steps={a.steps} busy={stepWaiting ? 'queued' : busy} onTake={(s) => void take(s)} />}
      {stepWaiting && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {queue.records.filter((r) => r.activityId === a.id && r.kind === 'step').map((r) => r.label).join(', ')}: salvo no aparelho; será enviado depois dos registros anteriores.
        </Alert>
      )}
      <PendingRecords activityId={a.id} />
      {a.status === 'cancelada' && a.cancel_reason && <Alert severity="info" sx={{ mb: 2 }}>Cancelada: {a.cancel_reason}</Alert>}
      {open && !may.work && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="not-assigned">
          {a.technicians.length ? 'Somente os técnicos designados registram este atendimento.' : 'Nenhum técnico designado: a atividade aguarda o despacho.'}
        </Alert>
      )}

      <Section title="Cliente e local">
        <Stack spacing={0.75}>
          <Typography sx={{ fontWeight: 600 }}>{a.client_name}</Typography>
          {a.client_document && <Typography variant="body2">CPF/CNPJ: {formatCpfCnpj(a.client_document)}</Typography>}
          {a.address && <Typography variant="body2">{[a.address, a.city ? `${a.city.name}/${a.city.uf}` : null].filter(Boolean).join(' — ')}</Typography>}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', pt: 0.5 }}>
            {link && (
              <Button variant="outlined" startIcon={<DirectionsIcon />} href={link} target="_blank" rel="noopener noreferrer">
                Abrir no mapa
              </Button>
            )}
            {a.client_phone && (
              <Button variant="outlined" startIcon={<PhoneIcon />} href={`tel:${a.client_phone.replace(/[^\d+]/g, '')}`}>
                Ligar {a.client_phone}
              </Button>
            )}
          </Box>
        </Stack>
      </Section>

      <Section title="Atendimento">
        <Stack spacing={0.5}>
          <Typography variant="body2">Agendada: {a.scheduled_start ? `${formatDateTime(a.scheduled_start)}${a.scheduled_end ? ` até ${formatDateTime(a.scheduled_end)}` : ''}` : 'sem horário'}</Typography>
          <Typography variant="body2">Prazo (SLA): {formatDateTime(a.due_at)}</Typography>
          <Typography variant="body2">Técnicos: {a.technicians.length ? a.technicians.map((t) => t.name).join(', ') : 'nenhum designado'}</Typography>
          {a.created_by && <Typography variant="body2">Aberta por: {a.created_by.name}</Typography>}
          {a.site && <Typography variant="body2">Site: {a.site.code} — {a.site.name}</Typography>}
          {a.svc && <Typography variant="body2">SVC: {a.svc.code} — {a.svc.name}</Typography>}
          {a.circuit && <Typography variant="body2">Circuito: {a.circuit.name}</Typography>}
          {a.description && <Typography sx={{ whiteSpace: 'pre-wrap', pt: 0.5 }}>{a.description}</Typography>}
          {may.edit && open && (
            <Box>
              <Button component={RouterLink} to={`/external-activity/edit/${a.id}`} startIcon={<EditIcon />} size="small">
                Editar dados
              </Button>
            </Box>
          )}
        </Stack>
      </Section>

      <Section title="Checklist" hint={onSite ? 'As respostas são salvas enquanto você digita.' : !open || !may.work ? undefined : 'Responda o checklist depois de iniciar o atendimento.'}>
        {answers.isPending ? (
          <CircularProgress size={24} />
        ) : (
          <Checklist
            key={`${a.id}-${a.status}`}
            activityId={a.id}
            items={a.checklist}
            answers={(answers.data ?? []) as ChecklistAnswer[]}
            editable={onSite}
            onValues={onValues}
            photoItem={(item) => (
              <Photos
                photos={(photos.data ?? []).filter((p) => p.item_key === item.key)}
                pending={uploads.pending.filter((p) => p.itemKey === item.key)}
                editable={onSite}
                onPhoto={(f) => void uploads.add(f, item.key)}
                onDiscard={uploads.discard}
              />
            )}
          />
        )}
      </Section>

      <Section title="Materiais utilizados" hint={onSite ? 'Itens que estão com você ou na sua van ficam instalados no cliente (com o número de série e o MAC da etiqueta); consumíveis saem da sua van ou da seção escolhida.' : undefined}>
        {materials.isPending ? <CircularProgress size={24} /> : <Materials activityId={a.id} materials={materials.data ?? []} editable={onSite} />}
      </Section>

      <Section title="Fotos">
        <Photos photos={(photos.data ?? []).filter((p) => !p.item_key)} pending={uploads.pending.filter((p) => !p.itemKey)} editable={onSite} onPhoto={(f) => void uploads.add(f)} onDiscard={uploads.discard} />
      </Section>

      <Section title="Assinatura do cliente">
        <Signature activityId={a.id} editable={onSite} defaultName={a.client_name} />
      </Section>

      {a.status === 'concluida' && (
        <Section title="Relatório">
          <Button variant="contained" startIcon={<PictureAsPdfIcon />} onClick={() => void downloadFile(`/external-activity/${a.id}/report`, `atendimento-${a.code}.pdf`).catch(() => undefined)} sx={{ minHeight: 48 }}>
            Baixar relatório (PDF)
          </Button>
          {a.client_email && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              O relatório foi enviado para {a.client_email} na conclusão.
            </Typography>
          )}
        </Section>
      )}

      <Section title="Linha do tempo">{timeline.isPending ? <CircularProgress size={24} /> : <Timeline events={timeline.data ?? []} />}</Section>

      <SyncBar activityId={a.id} />

      <ScheduleDialog open={scheduling !== null} onClose={() => setScheduling(null)} onConfirm={(start, end) => post(scheduling!, undefined, { scheduled_start: start, scheduled_end: end })} />
      <RescheduleDialog
        open={rescheduling !== null}
        code={a.code}
        onClose={() => setRescheduling(null)}
        onConfirm={(reason, start, end) => post(rescheduling!, reason, start ? { scheduled_start: start, scheduled_end: end } : {})}
      />
      <ReasonDialog
        open={reasonStep !== null}
        title={reasonStep ? `${reasonStep.label} a atividade ${a.code}?` : ''}
        confirmText={reasonStep?.label ?? ''}
        required
        onClose={() => setReasonStep(null)}
        onConfirm={async (reason) => {
          await post(reasonStep!, reason);
          setReasonStep(null);
        }}
      />
    </Box>
  );
}

/**
 * The order's steps. On a phone the bar stays in view while the technician scrolls, so it is one
 * primary button and a menu for the rest (three stacked full-width buttons took a fifth of the
 * screen); 72 px high at most. Wider screens show every step.
 */
function StepBar({ steps, busy, onTake }: { steps: WorkflowStep[]; busy: string | null; onTake: (s: WorkflowStep) => void }) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const secondary = (s: WorkflowStep) => s.color === 'error' || s.verb === 'cancel';
  const primary = steps.find((s) => !secondary(s)) ?? steps[0];
  const shown = phone ? [primary] : steps;
  const more = phone ? steps.filter((s) => s !== primary) : [];
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 2, position: { xs: 'sticky', md: 'static' }, top: { xs: 56, sm: 64 }, zIndex: 2 }} aria-label="Ações da atividade" data-testid="step-bar">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'nowrap', sm: 'wrap' } }}>
        {shown.map((s) => (
          <Button
            key={s.verb}
            variant={secondary(s) ? 'outlined' : 'contained'}
            color={s.color ?? 'primary'}
            size="large"
            disabled={busy !== null}
            startIcon={busy === s.verb ? <CircularProgress size={18} color="inherit" /> : undefined}
            onClick={() => onTake(s)}
            sx={{ minHeight: 48, flex: { xs: 1, sm: 'none' } }}
          >
            {s.label}
          </Button>
        ))}
        {more.length > 0 && (
          <>
            <Button variant="outlined" size="large" aria-haspopup="menu" aria-expanded={Boolean(menu)} disabled={busy !== null} onClick={(e) => setMenu(e.currentTarget)} endIcon={<MoreVertIcon />} sx={{ minHeight: 48 }}>
              Mais
            </Button>
            <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
              {more.map((s) => (
                <MenuItem
                  key={s.verb}
                  onClick={() => {
                    setMenu(null);
                    onTake(s);
                  }}
                  sx={{ minHeight: 48, color: s.color === 'error' ? 'error.main' : undefined }}
                >
                  {s.label}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
      </Stack>
    </Paper>
  );
}
