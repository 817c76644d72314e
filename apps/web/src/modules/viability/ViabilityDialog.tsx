/**
 * "Nova viabilidade" / "Editar viabilidade" (SPEC §2 has no pages for them): the client, CPF/CNPJ
 * and phone masked as typed, the service asked for, the seller and the status. Every error shows
 * at once (validated on submit by the contract schema, then live).
 */
import { VIABILITY_SERVICE_LABELS, VIABILITY_SERVICES, VIABILITY_STATUS_LABELS, VIABILITY_STATUSES, viabilityInput, type ViabilityRead } from '@operacoes/contract';
import { z } from 'zod';
import { enumOptions, FormGrid, FormNotes, FormNumber, FormRecordPicker, FormSelect, Wide } from '../../core/form';
import { FormMasked } from '../../core/form/MaskedInput';
import { formatCpfCnpj } from '../../core/format';
import { FormText, useSchemaForm } from '../../core/ResourceForm';
import { blankToNull } from '../../core/schema-helpers';
import { useSession } from '../../core/session';
import { FormUnitSelect } from '../unit-organizational';
import { getSeller, searchSellers, viabilityApi } from './api';
import { RecordDialog } from './RecordDialog';

const schema = viabilityInput.extend({
  contact_name: blankToNull(viabilityInput.shape.contact_name),
  notes: blankToNull(viabilityInput.shape.notes),
  // An empty select reads "Informe o serviço" rather than the server's "Tipo de serviço inválido".
  service_type: z.enum(VIABILITY_SERVICES, { message: 'Informe o serviço' }),
});

export function ViabilityDialog({ viability, onClose, onSaved }: { viability: ViabilityRead | null; onClose: () => void; onSaved?: (v: ViabilityRead) => void }) {
  const { user } = useSession();
  const me = user ? { id: user.id, name: user.person?.full_name ?? user.username } : null;
  const form = useSchemaForm(
    schema,
    (viability
      ? {
          code: viability.code,
          client_name: viability.client_name,
          client_document: formatCpfCnpj(viability.client_document),
          contact_name: viability.contact_name ?? '',
          contact_phone: viability.contact_phone ?? '',
          contact_email: viability.contact_email ?? '',
          service_type: viability.service_type,
          bandwidth_mbps: viability.bandwidth_mbps,
          seller_id: viability.seller_id,
          status: viability.status,
          notes: viability.notes ?? '',
          unit_organizational_id: viability.unit_organizational_id,
        }
      : { code: '', client_name: '', client_document: '', contact_name: '', contact_phone: '', contact_email: '', service_type: undefined, bandwidth_mbps: null, seller_id: me?.id ?? null, status: 'aberta', notes: '', unit_organizational_id: null }) as never,
  );
  return (
    <RecordDialog
      resource={viabilityApi}
      record={viability}
      form={form as never}
      words={{ title: ['Nova viabilidade', 'Editar viabilidade'], submit: ['Criar viabilidade', 'Salvar alterações'], saved: ['Viabilidade criada!', 'Viabilidade atualizada!'] }}
      maxWidth="md"
      onClose={onClose}
      onSaved={onSaved}
    >
      <FormGrid>
        <FormText name="client_name" label="Cliente" required autoFocus />
        <FormMasked name="client_document" kind="cpfCnpj" label="CPF/CNPJ" required />
        <FormText name="contact_name" label="Contato" />
        <FormMasked name="contact_phone" kind="phone" label="Telefone do contato" />
        <FormText name="contact_email" label="E-mail do contato" type="email" />
        <FormText name="code" label="Código" helperText={viability ? undefined : 'Em branco: gerado automaticamente (VIA-000001)'} />
        <FormSelect name="service_type" label="Serviço" required options={enumOptions(VIABILITY_SERVICES, VIABILITY_SERVICE_LABELS)} />
        <FormNumber name="bandwidth_mbps" label="Banda (Mbps)" required />
        <FormRecordPicker name="seller_id" label="Vendedor" required queryKey={['viability', 'people']} search={searchSellers} get={getSeller} getLabel={(p) => p.name} initial={viability?.seller ?? me} />
        <FormSelect name="status" label="Situação" required options={enumOptions(VIABILITY_STATUSES, VIABILITY_STATUS_LABELS)} />
        <FormUnitSelect />
        <Wide>
          <FormNotes />
        </Wide>
      </FormGrid>
    </RecordDialog>
  );
}
