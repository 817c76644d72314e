/** "Aprovar": opens the installation work order (type, technicians, priority, optional window) from a viable unit. */
import { Alert } from '@mui/material';
import { ACTIVITY_PRIORITIES, ACTIVITY_PRIORITY_LABELS, unitApproveBody, type UnitApproveBody } from '@operacoes/contract';
import { useState } from 'react';
import { enumOptions, FormGrid, FormMultiPicker, FormRecordPicker, FormSelect, Wide } from '../../core/form';
import { FormDateTime } from '../../core/form/FormDateTime';
import { isAxiosError } from '../../core/api';
import { apiMessageOf } from '../../core/publicLink';
import { FormDialog } from '../../core/FormDialog';
import { useSchemaForm } from '../../core/ResourceForm';
import { approveUnit, searchAssistanceTypes, searchTechnicians, type ViabilityUnitRead } from './api';

export function ApproveDialog({ unit, onClose, onDone }: { unit: ViabilityUnitRead; onClose: () => void; onDone: (u: ViabilityUnitRead) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(unitApproveBody, { assistance_type_id: null as never, technician_ids: [], priority: 'media', scheduled_start: null, scheduled_end: null });
  return (
    <FormDialog
      title="Aprovar e abrir a instalação"
      onClose={onClose}
      intro={
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            Cria uma atividade externa de instalação com o cliente e o endereço da unidade “{unit.name}”.
          </Alert>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
        </>
      }
      form={form as never}
      ariaLabel="Aprovar unidade"
      submitLabel="Aprovar e criar atividade"
      onSubmit={async (values) => {
        setProblem(null);
        try {
          return await approveUnit(unit.id, values as UnitApproveBody);
        } catch (e) {
          const status = isAxiosError(e) ? e.response?.status : undefined;
          if (status !== 422) setProblem(apiMessageOf(e) ?? (status === 403 ? 'Você não tem permissão para criar atividades externas.' : 'Não foi possível aprovar agora. Tente de novo.'));
          throw e;
        }
      }}
      onSuccess={(u) => onDone(u as ViabilityUnitRead)}
    >
      <FormGrid>
        <FormRecordPicker
          name="assistance_type_id"
          label="Tipo de atendimento"
          required
          queryKey={['assistance_type', 'options']}
          search={searchAssistanceTypes}
          get={async (id) => (await searchAssistanceTypes('')).find((t) => t.id === id) ?? { id, name: `#${id}` }}
          getLabel={(t) => t.name}
        />
        <FormSelect name="priority" label="Prioridade" required options={enumOptions(ACTIVITY_PRIORITIES, ACTIVITY_PRIORITY_LABELS)} />
        <Wide>
          <FormMultiPicker name="technician_ids" label="Técnicos" required queryKey={['external_activity', 'technicians']} fetch={searchTechnicians} initial={[]} noOptionsText="Nenhum técnico encontrado" />
        </Wide>
        <FormDateTime name="scheduled_start" label="Início agendado (opcional)" clearable />
        <FormDateTime name="scheduled_end" label="Fim agendado (opcional)" clearable />
      </FormGrid>
    </FormDialog>
  );
}
