/** /viability/unit/template/create and /edit/:id: name, medium, bill of materials, labour and monthly cost; read-only for .INDEX readers. */
import { VIABILITY_MEDIUM_LABELS, VIABILITY_MEDIUMS, viabilityTemplateInput } from '@operacoes/contract';
import { enumOptions, FormGrid, FormNotes, FormNumber, FormSelect, FormSwitch } from '../../core/form';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { templateApi } from './api';
import { BomEditor } from './BomEditor';

const blank = { name: '', medium: 'fibra_propria' as const, items: [], labour_cost: 0, labour_per_meter: 0, monthly_cost: 0, active: true, notes: '' };

export default function TemplateFormPage() {
  return (
    <ResourcePage
      resource={templateApi}
      schema={viabilityTemplateInput}
      blank={blank}
      subtitle={(t) => t.name}
      toForm={(t) => ({
        items: t.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity, per_meter: i.per_meter })),
        labour_cost: Number(t.labour_cost),
        labour_per_meter: Number(t.labour_per_meter),
        monthly_cost: Number(t.monthly_cost),
        notes: t.notes ?? '',
      })}
      savedTo={() => '/viability/unit/template'}
    >
      {(template) => (
        <>
          <Section title="Modelo">
            <FormGrid>
              <FormText name="name" label="Nome" required helperText="Ex.: Fibra própria até 1 Gbps" />
              <FormSelect name="medium" label="Meio" required options={enumOptions(VIABILITY_MEDIUMS, VIABILITY_MEDIUM_LABELS)} />
              <FormSwitch name="active" label="Modelo ativo" helperText="Somente modelos ativos podem ser escolhidos em novas unidades" />
            </FormGrid>
          </Section>
          <Section title="Lista de materiais" hint="Produtos do catálogo com quantidade fixa ou por metro da rota estimada. Os preços são lidos do catálogo a cada cálculo.">
            <BomEditor initial={template?.items ?? []} />
          </Section>
          <Section title="Custos">
            <FormGrid columns="1fr 1fr 1fr">
              <FormNumber name="labour_cost" label="Mão de obra (R$)" money required helperText="Valor fixo por instalação" />
              <FormNumber name="labour_per_meter" label="Mão de obra por metro (R$)" money required helperText="Por metro de rota" />
              <FormNumber name="monthly_cost" label="Custo mensal (R$)" money required helperText="Ex.: mensalidade de circuito de terceiro" />
              <FormNotes />
            </FormGrid>
          </Section>
        </>
      )}
    </ResourcePage>
  );
}
