/**
 * useWorkflowSteps: the buttons and the reason dialog of a record's workflow,
 * driven by the `steps` field of its read shape (the steps this user may take now, decided by
 * the API): a step without reason asks a confirmation; one with `needs_reason` opens the
 * reason dialog; both `POST {apiPath}/{id}/{verb}` (with `{reason}`), then toast and invalidate.
 * Modules give only their texts.
 */
import { Button, Stack } from '@mui/material';
import type { WorkflowStep } from '@operacoes/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { ReasonDialog } from '../form/ReasonDialog';
import { confirmAction, toast } from '../toast';
import type { ReadOf, ResourceApi, WebResource } from './api';
import { article } from './words';

export type { WorkflowStep };
type WithSteps = { id: number; steps?: readonly WorkflowStep[] };

/** What a module may say about one verb (every text has a default built from the descriptor). */
export type StepTexts<R> = {
  title?: (r: R) => string;
  text?: string;
  /** The reason field's label (default "Motivo"). */
  reasonLabel?: string;
  /** A reason asked but not required (e.g. cancel). */
  optionalReason?: boolean;
  confirmText?: string;
  done?: string | ((r: R) => string);
  /** Called with the answer (e.g. navigate to the shipment an approval created). */
  after?: (r: R) => void;
};

type Options<R> = {
  texts?: Partial<Record<string, StepTexts<R>>>;
  /** Other queries a step changes (a hub's counters…). */
  invalidates?: QueryKey[];
  onChanged?: (r: R) => void;
};

export function useWorkflowSteps<D extends WebResource, R extends WithSteps = ReadOf<D> & WithSteps>(resource: ResourceApi<D>, { texts = {}, invalidates = [], onChanged }: Options<R> = {}) {
  const qc = useQueryClient();
  // The target stays while the dialog fades out (its title keeps its record).
  const [dialog, setDialog] = useState<{ r: R; step: WorkflowStep; open: boolean } | null>(null);
  const what = (r: R) => `${article(resource.gender)} ${resource.label.toLowerCase()} #${r.id}`;
  const t = (step: WorkflowStep) => texts[step.verb] ?? {};

  const post = async (r: R, step: WorkflowStep, body?: { reason?: string }) => {
    const answer = (await resource.step(r.id, step.verb, body)) as unknown as R;
    void resource.invalidate(qc, answer as never);
    for (const key of invalidates) void qc.invalidateQueries({ queryKey: key });
    const done = t(step).done;
    toast.success(typeof done === 'function' ? done(answer) : (done ?? `${step.label}: feito!`));
    onChanged?.(answer);
    t(step).after?.(answer);
    return answer;
  };

  const run = async (r: R, step: WorkflowStep) => {
    if (step.needs_reason || t(step).optionalReason) {
      setDialog({ r, step, open: true });
      return;
    }
    const c = t(step);
    const ok = await confirmAction({ title: c.title?.(r) ?? `${step.label} ${what(r)}?`, text: c.text, confirmText: c.confirmText ?? step.label, danger: step.color === 'error' });
    if (!ok) return;
    try {
      await post(r, step);
    } catch {
      /* the 409 (illegal step, item taken) is toasted by the API client */
    }
  };

  const current = dialog ? t(dialog.step) : {};
  const dialogs = (
    <ReasonDialog
      open={!!dialog?.open}
      title={dialog ? (current.title?.(dialog.r) ?? `${dialog.step.label} ${what(dialog.r)}?`) : ''}
      text={current.text}
      label={current.reasonLabel}
      confirmText={current.confirmText ?? dialog?.step.label ?? ''}
      required={!!dialog?.step.needs_reason}
      onClose={() => setDialog((d) => (d ? { ...d, open: false } : d))}
      onConfirm={(reason) => post(dialog!.r, dialog!.step, reason ? { reason } : {})}
    />
  );

  /** One button per step this user may take now (the read shape's `steps`). */
  const buttons = (r: R) => (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {(r.steps ?? []).map((s, i) => (
        <Button key={s.verb} color={s.color ?? 'primary'} variant={i === 0 ? 'contained' : 'outlined'} onClick={() => void run(r, s)}>
          {s.label}
        </Button>
      ))}
    </Stack>
  );

  return { run, buttons, dialogs };
}

/**
 * The refuse and cancel steps of a request ("solicitação": of patrimony, of a shipment), the same
 * words everywhere; `text` says what follows for this kind of request.
 */
export const requestSteps = {
  refuse: <R extends { id: number }>(text: string): StepTexts<R> => ({ title: (s) => `Recusar a solicitação #${s.id}?`, text, reasonLabel: 'Motivo da recusa', done: 'Solicitação recusada!' }),
  cancel: <R extends { id: number }>(text: string): StepTexts<R> => ({
    title: (s) => `Cancelar a solicitação #${s.id}?`,
    text,
    reasonLabel: 'Motivo do cancelamento',
    confirmText: 'Cancelar solicitação',
    optionalReason: true,
    done: 'Solicitação cancelada!',
  }),
};
