/** /stock/create and /stock/edit/:id: a stock (warehouse of a unit), with its history. */
import { stockInput } from '@operacoes/contract';
import { FormGrid, FormSelect, FormSwitch, Wide, FormNotes } from '../../core/form';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { stockApi, whKeys } from './api';
import { useUnitOptions } from './parts';

const blank = { name: '', code: '', unit_organizational_id: undefined as never, description: '', address: '', is_active: true };

export default function StockFormPage() {
  const units = useUnitOptions();
  return (
    <ResourcePage resource={stockApi} schema={stockInput} blank={blank} subtitle={(s) => `${s.name} · ${s.code}`} savedTo={(s) => `/stock/info/${s.id}`} invalidates={() => [whKeys.stocks]}>
      {(stock) => (
        <Section title="Identificação">
          <FormGrid columns="2fr 1fr">
            <FormText name="name" label="Nome" required autoFocus={!stock} />
            <FormText name="code" label="Código" required placeholder="ALM-01" />
            <FormSelect name="unit_organizational_id" label="Unidade organizacional" required options={units} helperText="A unidade dona deste estoque" />
            <FormSwitch name="is_active" label="Estoque ativo" />
            <Wide>
              <FormText name="address" label="Endereço" fullWidth />
            </Wide>
            <FormNotes name="description" label="Descrição" />
          </FormGrid>
        </Section>
      )}
    </ResourcePage>
  );
}
