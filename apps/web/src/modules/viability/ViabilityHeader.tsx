/** The viability's data above its units (and on a unit's pages): client, service, seller, status; edit in the dialog, delete with confirmation. */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button } from '@mui/material';
import { VIABILITY_SERVICE_LABELS, type ViabilityRead } from '@operacoes/contract';
import { useState } from 'react';
import { formatCpfCnpj } from '../../core/format';
import { useCan } from '../../core/permissions';
import { useRemove } from '../../core/resource';
import { Details, Section } from '../../core/Section';
import { viabilityApi } from './api';
import { formatBandwidth } from './format';
import { ViabilityStatusChip } from './parts';
import { ViabilityDialog } from './ViabilityDialog';

export function ViabilityHeader({ viability: v, unitCount }: { viability: ViabilityRead; unitCount: number }) {
  const { user } = useCan();
  const [editing, setEditing] = useState(false);
  const remove = useRemove(viabilityApi, {
    navigateTo: '/viability',
    text: unitCount
      ? `As ${unitCount === 1 ? 'unidade' : `${unitCount} unidades`} da viabilidade e seus cálculos serão excluídos junto. Esta ação não pode ser desfeita.`
      : 'Esta ação não pode ser desfeita.',
  });
  const canWrite = viabilityApi.canWrite(user);
  return (
    <Section
      title={`${v.code} · ${v.client_name}`}
      actions={
        canWrite ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              Editar viabilidade
            </Button>
            {viabilityApi.canDelete(user) && (
              <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => void remove(v.id, `${v.code} (${v.client_name})`)}>
                Excluir
              </Button>
            )}
          </Box>
        ) : undefined
      }
    >
      <Details
        rows={[
          ['Situação', <ViabilityStatusChip key="s" status={v.status} />],
          ['CPF/CNPJ', formatCpfCnpj(v.client_document)],
          ['Serviço', `${VIABILITY_SERVICE_LABELS[v.service_type] ?? v.service_type} · ${formatBandwidth(v.bandwidth_mbps)}`],
          ['Vendedor', v.seller?.name],
          ['Contato', [v.contact_name, v.contact_phone, v.contact_email].filter(Boolean).join(' · ')],
          ['Observações', v.notes],
        ]}
      />
      {editing && <ViabilityDialog viability={v} onClose={() => setEditing(false)} />}
    </Section>
  );
}
