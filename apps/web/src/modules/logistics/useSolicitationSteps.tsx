/** Approve / refuse / cancel a shipment request, with their confirmations (list and form share them), on the kit's useWorkflowSteps. */
import { useNavigate } from 'react-router';
import { listKey, requestSteps, useWorkflowSteps, type StepTexts, type WorkflowStep } from '../../core/resource';
import { SHIPMENT_PATH, solicitationApi, type SolicitationRead } from './api';

export function useSolicitationSteps() {
  const navigate = useNavigate();
  const texts: Record<'approve' | 'refuse' | 'cancel', StepTexts<SolicitationRead>> = {
    approve: {
      title: (s) => `Aprovar a solicitação #${s.id}?`,
      text: 'Um envio será criado e os itens ficarão reservados no estoque de origem.',
      done: (r) => `Solicitação aprovada: envio #${r.shipment_id} criado!`,
      after: (r) => r.shipment_id && navigate(`/shipment/edit/${r.shipment_id}`),
    },
    refuse: requestSteps.refuse('O solicitante será avisado com o motivo. Esta ação não pode ser desfeita.'),
    cancel: requestSteps.cancel('A solicitação deixa de aguardar aprovação. Esta ação não pode ser desfeita.'),
  };
  const wf = useWorkflowSteps(solicitationApi, { texts, invalidates: [listKey(SHIPMENT_PATH)] });
  /** The API's step (its label and whether it needs a reason); the page shows the buttons by `steps` too. */
  const run = (s: SolicitationRead, verb: string, fallback: WorkflowStep) => wf.run(s, s.steps?.find((x) => x.verb === verb) ?? fallback);
  return {
    approve: (s: SolicitationRead) => run(s, 'approve', { verb: 'approve', label: 'Aprovar', needs_reason: false }),
    refuse: (s: SolicitationRead) => run(s, 'refuse', { verb: 'refuse', label: 'Recusar', needs_reason: true, color: 'error' }),
    cancel: (s: SolicitationRead) => run(s, 'cancel', { verb: 'cancel', label: 'Cancelar', needs_reason: false, color: 'error' }),
    dialogs: wf.dialogs,
  };
}
