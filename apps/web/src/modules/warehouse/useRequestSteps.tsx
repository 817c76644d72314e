/**
 * The workflow steps of a patrimony request, by permission and state, each with its confirmation,
 * on the kit's useWorkflowSteps. Until the API sends `steps`, the legal `actions` are filtered
 * here by the user's permissions.
 */
import { SOLICITATION_STEP_LABELS, type SolicitationStep } from '@operacoes/contract';
import { useCan } from '../../core/permissions';
import { useWorkflowSteps, type StepTexts } from '../../core/resource';
import { requestApi, type SolicitationRead } from './api';

const TEXTS: Record<SolicitationStep, StepTexts<SolicitationRead>> = {
  approve: { title: (s) => `Aprovar a solicitação #${s.id}?`, text: 'O almoxarifado será avisado para separar e entregar os itens.', done: 'Solicitação aprovada!' },
  deliver: { title: (s) => `Entregar os itens da solicitação #${s.id}?`, text: 'Os itens passam a ficar com o solicitante (em uso) e saem do estoque.', done: 'Itens entregues ao solicitante!' },
  return: { title: (s) => `Receber a devolução da solicitação #${s.id}?`, text: 'Os itens voltam a ficar disponíveis na seção de onde saíram.', done: 'Devolução recebida!' },
  refuse: {
    title: (s) => `Recusar a solicitação #${s.id}?`,
    text: 'O solicitante será avisado com o motivo e os itens reservados voltam a ficar disponíveis.',
    reasonLabel: 'Motivo da recusa',
    done: 'Solicitação recusada!',
  },
  cancel: {
    title: (s) => `Cancelar a solicitação #${s.id}?`,
    text: 'Os itens reservados voltam a ficar disponíveis. Esta ação não pode ser desfeita.',
    reasonLabel: 'Motivo do cancelamento',
    confirmText: 'Cancelar solicitação',
    optionalReason: true,
    done: 'Solicitação cancelada!',
  },
};

export function useRequestSteps(onChanged?: (s: SolicitationRead) => void) {
  const { can, user, isSuperAdmin } = useCan();
  const wf = useWorkflowSteps(requestApi, { texts: TEXTS, invalidates: [['warehouse']], onChanged });

  /** The steps this user may run now (the API lists the legal ones for the state). */
  const allowed = (s: SolicitationRead): SolicitationStep[] =>
    s.actions.filter((a) => {
      const own = s.requester.id === user?.id;
      if (a === 'approve' || a === 'refuse') return can(['WAREHOUSE']) && (!own || isSuperAdmin);
      if (a === 'deliver' || a === 'return') return can(['PATRIMONY']);
      return own || can(['WAREHOUSE', 'PATRIMONY']);
    });

  const run = (s: SolicitationRead, verb: SolicitationStep) =>
    wf.run(s, { verb, label: SOLICITATION_STEP_LABELS[verb], needs_reason: verb === 'refuse', color: verb === 'refuse' || verb === 'cancel' ? 'error' : undefined });
  return { allowed, run, dialogs: wf.dialogs };
}
