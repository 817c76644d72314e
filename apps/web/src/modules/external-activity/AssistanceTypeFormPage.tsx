/** /external-activity/assistance-type/create and /edit/:id: name, colour, SLA, duration and the checklist. */
import { assistanceTypeInput } from '@operacoes/contract';
import { blankToNull } from '../../core/schema-helpers';
import { FormGrid, FormNumber, FormSwitch } from '../../core/form';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { assistanceTypeApi } from './api';
import { ChecklistEditor } from './ChecklistEditor';

const schema = assistanceTypeInput.extend({ visit_cost: blankToNull(assistanceTypeInput.shape.visit_cost) });
const blank = { name: '', color: '#1976d2', default_duration_minutes: null, sla_hours: null, visit_cost: '', active: true, checklist: [] };

export default function AssistanceTypeFormPage() {
  return (
    <ResourcePage resource={assistanceTypeApi} schema={schema} blank={blank} subtitle={(t) => t.name} toForm={(t) => ({ visit_cost: (t.visit_cost?.replace('.', ',') ?? '') as never })}>
      {(type) => (
        <>
          <Section title="Tipo de atendimento">
            <FormGrid>
              <FormText name="name" label="Nome" required />
              <FormText name="color" label="Cor" type="color" helperText="A cor do tipo na lista e na agenda" />
              <FormNumber name="sla_hours" label="SLA (horas)" helperText={`Vazio: o padrão da organização${type ? ` (${type.effective_sla_hours} h)` : ''}`} />
              <FormNumber name="default_duration_minutes" label="Duração prevista (minutos)" helperText={`Vazio: o padrão da organização${type ? ` (${type.effective_duration_minutes} min)` : ''}`} />
              <FormNumber name="visit_cost" label="Custo por visita (R$)" money placeholder="0,00" helperText="Soma ao custo dos projetos a que a atividade estiver vinculada" />
              <FormSwitch name="active" label="Ativo" helperText="Tipos inativos não aparecem em novas atividades" />
            </FormGrid>
          </Section>
          <Section title="Checklist" hint="Uma atividade guarda o checklist do tipo no momento em que é criada.">
            <ChecklistEditor />
          </Section>
        </>
      )}
    </ResourcePage>
  );
}
