/**
 * /viability/unit/template/create and /edit/:id: name, medium, the medium's rules (blank: the
 * organization's defaults), bill of materials, labour and monthly cost; read-only for .INDEX readers.
 */
import { Typography } from '@mui/material';
import { VIABILITY_MEDIUM_LABELS, VIABILITY_MEDIUMS, viabilityTemplateInput } from '@operacoes/contract';
import { useWatch } from 'react-hook-form';
import { enumOptions, FormGrid, FormNotes, FormNumber, FormSelect, FormSwitch } from '../../core/form';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { templateApi } from './api';
import { BomEditor } from './BomEditor';

const blank = {
  name: '',
  medium: 'fibra_propria' as const,
  items: [],
  labour_cost: 0,
  labour_per_meter: 0,
  monthly_cost: 0,
  active: true,
  notes: '',
  max_distance_m: null,
  route_factor: null,
  price_per_meter: null,
  drop_reach_m: null,
  link_range_m: null,
};

/** The rules of the chosen medium; a blank field takes the organization's default (settings › viabilidade). */
function MediumRules() {
  const medium = useWatch({ name: 'medium' }) as string;
  if (medium === 'circuito_terceiro') return <Typography color="text.secondary">Circuito de terceiro: sem regra de distância. A operadora, a cotação e os custos dela são informados em cada unidade.</Typography>;
  if (medium === 'radio')
    return (
      <FormGrid>
        <FormNumber name="link_range_m" label="Alcance do enlace (m)" helperText="Em linha reta, a partir de torre ou POP com rádio. Em branco: o padrão da organização (15.000 m)" />
      </FormGrid>
    );
  return (
    <FormGrid>
      <FormNumber name="max_distance_m" label="Distância máxima do POP (m)" helperText="Para construção nova. Em branco: o padrão da organização" />
      <FormNumber name="route_factor" label="Fator de rota" helperText="Rota estimada = linha reta × fator. Em branco: o padrão" />
      <FormNumber name="price_per_meter" label="Custo de construção por metro (R$)" money helperText="Além da distância máxima. Em branco: o padrão" />
      <FormNumber name="drop_reach_m" label="Alcance do drop a partir da CTO (m)" helperText="Em branco: o padrão da organização (250 m)" />
    </FormGrid>
  );
}

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
        price_per_meter: t.price_per_meter === null ? null : Number(t.price_per_meter),
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
          <Section title="Regras do meio" hint="Cada meio tem as suas regras de atendimento; os campos em branco usam os padrões de Configurações › Viabilidade.">
            <MediumRules />
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
