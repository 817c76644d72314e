/** Approve / refuse / cancel a shipment request, with their confirmations (list and form share them). */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { listKey } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { approveSolicitation, cancelSolicitation, logisticsKeys, refuseSolicitation, SHIPMENT_PATH, SOLICITATION_PATH, type SolicitationRead } from './api';
import { ReasonDialog } from '../../core/form';

export function useSolicitationSteps() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  // The target stays while the dialog fades out (its title and action keep their request).
  const [dialog, setDialog] = useState<{ kind: 'refuse' | 'cancel'; s: SolicitationRead; open: boolean } | null>(null);
  const close = () => setDialog((d) => (d ? { ...d, open: false } : d));

  const refresh = (s: SolicitationRead) => {
    void qc.invalidateQueries({ queryKey: listKey(SOLICITATION_PATH) });
    void qc.invalidateQueries({ queryKey: listKey(SHIPMENT_PATH) });
    void qc.invalidateQueries({ queryKey: logisticsKeys.solicitation(s.id) });
  };

  const approve = async (s: SolicitationRead) => {
    const ok = await confirmAction({
      title: `Aprovar a solicitação #${s.id}?`,
      text: 'Um envio será criado e os itens ficarão reservados no estoque de origem.',
      confirmText: 'Aprovar',
      danger: false,
    });
    if (!ok) return;
    try {
      const r = await approveSolicitation(s.id);
      qc.setQueryData(logisticsKeys.solicitation(s.id), r);
      refresh(s);
      toast.success(`Solicitação aprovada: envio #${r.shipment_id} criado!`);
      if (r.shipment_id) navigate(`/shipment/edit/${r.shipment_id}`);
    } catch {
      /* the 409 message (item no longer available…) is toasted by the API client */
    }
  };

  const dialogs = (
    <>
      <ReasonDialog
        open={dialog?.kind === 'refuse' && dialog.open}
        title={`Recusar a solicitação #${dialog?.s.id ?? ''}?`}
        text="O solicitante será avisado com o motivo. Esta ação não pode ser desfeita."
        label="Motivo da recusa"
        confirmText="Recusar"
        required
        onClose={close}
        onConfirm={async (reason) => {
          const s = dialog!.s;
          const r = await refuseSolicitation(s.id, reason);
          qc.setQueryData(logisticsKeys.solicitation(s.id), r);
          refresh(s);
          toast.success('Solicitação recusada!');
        }}
      />
      <ReasonDialog
        open={dialog?.kind === 'cancel' && dialog.open}
        title={`Cancelar a solicitação #${dialog?.s.id ?? ''}?`}
        text="A solicitação deixa de aguardar aprovação. Esta ação não pode ser desfeita."
        label="Motivo do cancelamento"
        confirmText="Cancelar solicitação"
        onClose={close}
        onConfirm={async (reason) => {
          const s = dialog!.s;
          const r = await cancelSolicitation(s.id, reason || undefined);
          qc.setQueryData(logisticsKeys.solicitation(s.id), r);
          refresh(s);
          toast.success('Solicitação cancelada!');
        }}
      />
    </>
  );

  return {
    approve,
    refuse: (s: SolicitationRead) => setDialog({ kind: 'refuse', s, open: true }),
    cancel: (s: SolicitationRead) => setDialog({ kind: 'cancel', s, open: true }),
    dialogs,
  };
}
