/**
 * The workflow steps of a patrimony request, each with its confirmation, on the kit's
 * useWorkflowSteps: the API's `steps` say which this user may take now (state, permission,
 * nobody decides their own request); this file gives only the texts.
 */
import type { SolicitationStep } from '@operacoes/contract';
import { requestSteps, useWorkflowSteps, type StepTexts } from '../../core/resource';
import { requestApi, type SolicitationRead } from './api';

const TEXTS: Record<SolicitationStep, StepTexts<SolicitationRead>> = {
  approve: { title: (s) => `Aprovar a solicitação #${s.id}?`, text: 'O almoxarifado será avisado para separar e entregar os itens.', done: 'Solicitação aprovada!' },
  deliver: { title: (s) => `Entregar os itens da solicitação #${s.id}?`, text: 'Os itens passam a ficar com o solicitante (em uso) e saem do estoque.', done: 'Itens entregues ao solicitante!' },
  return: { title: (s) => `Receber a devolução da solicitação #${s.id}?`, text: 'Os itens voltam a ficar disponíveis na seção de onde saíram.', done: 'Devolução recebida!' },
  refuse: requestSteps.refuse('O solicitante será avisado com o motivo e os itens reservados voltam a ficar disponíveis.'),
  cancel: requestSteps.cancel('Os itens reservados voltam a ficar disponíveis. Esta ação não pode ser desfeita.'),
};

export function useRequestSteps(onChanged?: (s: SolicitationRead) => void) {
  const wf = useWorkflowSteps(requestApi, { texts: TEXTS, invalidates: [['warehouse']], onChanged });

  const allowed = (s: SolicitationRead) => s.steps.map((x) => x.verb as SolicitationStep);
  const run = async (s: SolicitationRead, verb: SolicitationStep) => {
    const step = s.steps.find((x) => x.verb === verb);
    if (step) await wf.run(s, step);
  };
  return { allowed, run, dialogs: wf.dialogs };
}
