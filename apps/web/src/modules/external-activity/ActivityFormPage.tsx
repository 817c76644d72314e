/** /external-activity/create and /edit/:id: the work order — type, priority, client, place, links, window and technicians. */
import BuildIcon from '@mui/icons-material/Build';
import { Button } from '@mui/material';
import { ACTIVITY_PRIORITIES, ACTIVITY_PRIORITY_LABELS, externalActivityCreate, type ExternalActivityRead } from '@operacoes/contract';
import { Link as RouterLink } from 'react-router';
import { FormCity } from '../../core/CityAutocomplete';
import { enumOptions, FormAddress, FormCoordinates, FormGrid, FormRecordPicker, FormSelect, listPicker, Wide } from '../../core/form';
import { FormDateTime } from '../../core/form/FormDateTime';
import { FormMasked } from '../../core/form/MaskedInput';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { FormUnitSelect } from '../unit-organizational';
import { activityApi, searchTypes } from './api';
import { dispatches, lockedFor, rightsOf, useActivityActor } from './rights';
import { FormTechniciansPicker } from './TechniciansPicker';

type Named = { id: number; name: string };
const blank = {
  assistance_type_id: null as never,
  priority: 'media' as const,
  client_name: '',
  client_document: '',
  client_phone: '',
  client_email: '',
  address: '',
  city_id: null,
  latitude: null,
  longitude: null,
  site_id: null,
  svc_id: null,
  circuit_id: null,
  unit_organizational_id: null,
  scheduled_start: null,
  scheduled_end: null,
  technician_ids: [],
  description: '',
};

const sitePick = listPicker('/site', (r) => `${r.code as string} — ${r.name as string}`);
const svcPick = listPicker('/svc', (r) => `${r.code as string} — ${r.client_name as string}`);
const circuitPick = listPicker('/circuit', (r) => `${r.carrier as string} ${r.designation as string}`);

export default function ActivityFormPage() {
  const actor = useActivityActor();
  return (
    <ResourcePage
      resource={activityApi}
      schema={externalActivityCreate}
      blank={blank}
      subtitle={(a) => `${a.code} · ${a.client_name}`}
      savedTo={(a) => `/external-activity/manage/${a.id}`}
      lockedFor={lockedFor(actor)}
      asksClash={{ question: 'Salvar assim mesmo?', confirmText: 'Salvar assim mesmo' }}
    >
      {(activity: ExternalActivityRead | null) => (
        <>
          {activity && (
            <Button component={RouterLink} to={`/external-activity/manage/${activity.id}`} startIcon={<BuildIcon />} sx={{ mb: 1 }}>
              Abrir o atendimento
            </Button>
          )}
          <Section title="Atendimento">
            <FormGrid>
              <FormRecordPicker<Named>
                name="assistance_type_id"
                label="Tipo de atendimento"
                required
                queryKey={['assistance_type']}
                search={async (term) => (await searchTypes(term)).map((t) => ({ id: t.id, name: t.name }))}
                get={async (id) => (await searchTypes('')).find((t) => t.id === id) ?? { id, name: `#${id}` }}
                getLabel={(t) => t.name}
                initial={activity?.assistance_type ?? null}
                hint="O SLA e o checklist vêm do tipo"
              />
              <FormSelect name="priority" label="Prioridade" required options={enumOptions(ACTIVITY_PRIORITIES, ACTIVITY_PRIORITY_LABELS)} />
              <FormUnitSelect helperText={activity ? undefined : 'Em branco: a unidade do site (ou a sua, se você atua em uma só)'} />
              <FormDateTime name="scheduled_start" label="Início agendado" clearable />
              <FormDateTime name="scheduled_end" label="Fim agendado" clearable />
              <Wide>
                <FormTechniciansPicker
                  name="technician_ids"
                  initial={activity?.technicians ?? []}
                  helperText={
                    // Without dispatch one assigns only oneself (an order of one's own may take colleagues along).
                    dispatches(actor) || (activity && rightsOf(actor, activity).dispatch)
                      ? 'Usuários com a permissão de atividades externas; sem técnico, a atividade aguarda o despacho'
                      : 'Sem a permissão de despachar, inclua você mesmo ou deixe em branco para o despacho designar'
                  }
                />
              </Wide>
              <Wide>
                <FormText name="description" label="Descrição" multiline minRows={3} fullWidth />
              </Wide>
            </FormGrid>
          </Section>
          <Section title="Cliente">
            <FormGrid>
              <FormText name="client_name" label="Nome do cliente" required />
              <FormMasked kind="cpfCnpj" name="client_document" label="CPF/CNPJ" />
              <FormMasked kind="phone" name="client_phone" label="Telefone" />
              <FormText name="client_email" label="E-mail" type="email" helperText="Para enviar o relatório ao concluir" />
            </FormGrid>
          </Section>
          <Section title="Local">
            <FormGrid>
              <FormAddress />
              <FormCity name="city_id" label="Cidade" initialCity={activity?.city ?? null} />
              <FormCoordinates gps />
            </FormGrid>
          </Section>
          <Section title="Vínculos" hint="Opcionais: o site, o SVC ou o circuito de operadora do atendimento.">
            <FormGrid>
              <FormRecordPicker<Named> name="site_id" label="Site" queryKey={['site', 'activity']} {...sitePick} getLabel={(r) => r.name} initial={activity?.site ? { id: activity.site.id, name: `${activity.site.code} — ${activity.site.name}` } : null} />
              <FormRecordPicker<Named> name="svc_id" label="SVC" queryKey={['svc', 'activity']} {...svcPick} getLabel={(r) => r.name} initial={activity?.svc ? { id: activity.svc.id, name: `${activity.svc.code} — ${activity.svc.name}` } : null} />
              <FormRecordPicker<Named> name="circuit_id" label="Circuito de operadora" queryKey={['circuit', 'activity']} {...circuitPick} getLabel={(r) => r.name} initial={activity?.circuit ?? null} />
            </FormGrid>
          </Section>
        </>
      )}
    </ResourcePage>
  );
}
