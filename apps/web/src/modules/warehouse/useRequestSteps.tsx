/** The workflow steps of a patrimony request, by permission and state, each with its confirmation. */
import { SOLICITATION_STEP_LABELS, type SolicitationStep } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../core/permissions';
import { listKey } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { REQUEST_PATH, requestStep, whKeys, type SolicitationRead } from './api';
import { ReasonDialog } from '../../core/form';

const DONE: Record<SolicitationStep, string> = {
  approve: 'Solicitação aprovada!',
  refuse: 'Solicitação recusada!',
  deliver: 'Itens entregues ao solicitante!',
  return: 'Devolução recebida!',
  cancel: 'Solicitação cancelada!',
};

export function useRequestSteps(onChanged?: (s: SolicitationRead) => void) {
  const qc = useQueryClient();
  const { can, user, isSuperAdmin } = useCan();
  const [dialog, setDialog] = useState<{ kind: 'refuse' | 'cancel'; s: SolicitationRead; open: boolean } | null>(null);

  /** The steps this user may run now (the API lists the legal ones for the state). */
  const allowed = (s: SolicitationRead): SolicitationStep[] =>
    s.actions.filter((a) => {
      const own = s.requester.id === user?.id;
      if (a === 'approve' || a === 'refuse') return can(['WAREHOUSE']) && (!own || isSuperAdmin);
      if (a === 'deliver' || a === 'return') return can(['PATRIMONY']);
      return own || can(['WAREHOUSE', 'PATRIMONY']);
    });

  const done = (s: SolicitationRead, r: SolicitationRead, step: SolicitationStep) => {
    qc.setQueryData(whKeys.request(s.id), r);
    void qc.invalidateQueries({ queryKey: listKey(REQUEST_PATH) });
    void qc.invalidateQueries({ queryKey: ['warehouse'] });
    toast.success(DONE[step]);
    onChanged?.(r);
  };

  const CONFIRM: Partial<Record<SolicitationStep, { title: (s: SolicitationRead) => string; text: string }>> = {
    approve: { title: (s) => `Aprovar a solicitação #${s.id}?`, text: 'O almoxarifado será avisado para separar e entregar os itens.' },
    deliver: { title: (s) => `Entregar os itens da solicitação #${s.id}?`, text: 'Os itens passam a ficar com o solicitante (em uso) e saem do estoque.' },
    return: { title: (s) => `Receber a devolução da solicitação #${s.id}?`, text: 'Os itens voltam a ficar disponíveis na seção de onde saíram.' },
  };

  const run = async (s: SolicitationRead, step: SolicitationStep) => {
    if (step === 'refuse' || step === 'cancel') {
      setDialog({ kind: step, s, open: true });
      return;
    }
    const c = CONFIRM[step]!;
    const ok = await confirmAction({ title: c.title(s), text: c.text, confirmText: SOLICITATION_STEP_LABELS[step], danger: false });
    if (!ok) return;
    try {
      done(s, await requestStep(s.id, step), step);
    } catch {
      /* the 409 message (illegal step, item taken) is toasted by the API client */
    }
  };

  const close = () => setDialog((d) => (d ? { ...d, open: false } : d));
  const dialogs = (
    <>
      <ReasonDialog
        open={dialog?.kind === 'refuse' && dialog.open}
        title={`Recusar a solicitação #${dialog?.s.id ?? ''}?`}
        text="O solicitante será avisado com o motivo e os itens reservados voltam a ficar disponíveis."
        label="Motivo da recusa"
        confirmText="Recusar"
        required
        onClose={close}
        onConfirm={async (reason) => done(dialog!.s, await requestStep(dialog!.s.id, 'refuse', { reason }), 'refuse')}
      />
      <ReasonDialog
        open={dialog?.kind === 'cancel' && dialog.open}
        title={`Cancelar a solicitação #${dialog?.s.id ?? ''}?`}
        text="Os itens reservados voltam a ficar disponíveis. Esta ação não pode ser desfeita."
        label="Motivo do cancelamento"
        confirmText="Cancelar solicitação"
        onClose={close}
        onConfirm={async (reason) => done(dialog!.s, await requestStep(dialog!.s.id, 'cancel', reason ? { reason } : {}), 'cancel')}
      />
    </>
  );
  return { allowed, run, dialogs };
}
