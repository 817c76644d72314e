/** /product, /product/create, /product/edit/:id (PRODUCT): the catalogue, tracked as patrimony or as a consumable. */
import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { PRODUCT_TRACKING_LABELS, PRODUCT_TRACKINGS, productInput, UNIT_OF_MEASURE_LABELS, UNITS_OF_MEASURE } from '@operacoes/contract';
import { enumFilter, enumOptions, FormGrid, FormNumber, FormSelect, FormSwitch, FormNotes } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { ResourcePage, useListActions } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { ResourceList } from '../../core/ResourceList';
import { blankToNull } from '../../core/schema-helpers';
import { Section } from '../../core/Section';
import { ToneChip } from '../../core/ToneChip';
import { productApi, type ProductRead } from './api';
import { formatBRL, formatQty } from './parts';

const TRACKING = { patrimonio: 'Patrimônio', consumivel: 'Consumível' };

const columns: GridColDef<ProductRead>[] = [
  { field: 'code', headerName: 'Código', width: 110 },
  { field: 'name', headerName: 'Nome', flex: 1.5, minWidth: 170 },
  { field: 'category', headerName: 'Categoria', width: 130, valueFormatter: (v: string | null) => v ?? '—' },
  {
    field: 'tracking',
    headerName: 'Controle',
    width: 120,
    renderCell: ({ row }) => <ToneChip color={row.tracking === 'patrimonio' ? 'primary' : 'info'} label={TRACKING[row.tracking]} status={row.tracking} />,
  },
  {
    field: 'available_quantity',
    headerName: 'Disponível',
    width: 130,
    sortable: false,
    renderCell: ({ row }) => (
      <Box component="span" sx={{ color: row.below_minimum ? 'error.main' : undefined, fontWeight: row.below_minimum ? 600 : undefined }} title={row.below_minimum ? 'Abaixo do mínimo' : undefined}>
        {formatQty(row.available_quantity, row.unit_of_measure)}
        {row.below_minimum ? ' ⚠' : ''}
      </Box>
    ),
  },
  { field: 'minimum_quantity', headerName: 'Mínimo', width: 90, sortable: false, valueGetter: (_v, row) => formatQty(row.minimum_quantity, row.unit_of_measure) },
  { field: 'price', headerName: 'Preço', width: 110, sortable: false, valueFormatter: (v: string | null) => formatBRL(v) },
];

export function ProductListPage() {
  const actions = useListActions(productApi, { name: (p) => p.name });
  return (
    <>
      <PageTitle title="Produtos" subtitle="Catálogo de materiais e equipamentos do almoxarifado" />
      <ResourceList<ProductRead>
        {...actions}
        columns={columns}
        searchPlaceholder="Pesquisar código, nome ou fabricante"
        filters={[
          enumFilter(PRODUCT_TRACKINGS, TRACKING, { name: 'tracking', label: 'Controle', all: 'Todos' }),
          { name: 'belowMinimum', label: 'Estoque mínimo', options: [{ value: '', label: 'Todos' }, { value: 'true', label: 'Abaixo do mínimo' }] },
        ]}
        mobileHidden={['code', 'category', 'minimum_quantity', 'price']}
      />
    </>
  );
}

const schema = productInput.extend({ price: blankToNull(productInput.shape.price), category: blankToNull(productInput.shape.category) });
const blank = {
  code: '',
  name: '',
  category: '',
  tracking: '' as never,
  unit_of_measure: 'un' as const,
  manufacturer: '',
  model: '',
  price: '' as never,
  minimum_quantity: 0,
  description: '',
  is_active: true,
};
const units = UNITS_OF_MEASURE.map((u) => ({ value: u, label: `${UNIT_OF_MEASURE_LABELS[u]} (${u})` }));

export function ProductFormPage() {
  return (
    <ResourcePage
      resource={productApi}
      schema={schema}
      blank={blank}
      toForm={(p) => ({ price: (p.price?.replace('.', ',') ?? '') as never })}
      savedTo={() => '/product'}
      subtitle={(p) => `${p.code} · ${p.name} · disponível: ${formatQty(p.available_quantity, p.unit_of_measure)}${p.below_minimum ? ' (abaixo do mínimo)' : ''}`}
    >
      {(product) => (
        <>
          <Section title="Identificação">
            <FormGrid columns="1fr 2fr">
              <FormText name="code" label="Código" required autoFocus={!product} placeholder="ONU-01" />
              <FormText name="name" label="Nome" required />
              <FormSelect
                name="tracking"
                label="Controle"
                required
                options={enumOptions(PRODUCT_TRACKINGS, PRODUCT_TRACKING_LABELS)}
                helperText="Patrimônio: cada item tem número próprio. Consumível: controlado por quantidade."
              />
              <FormText name="category" label="Categoria" placeholder="Equipamentos de rede" />
              <FormText name="manufacturer" label="Fabricante" />
              <FormText name="model" label="Modelo" />
            </FormGrid>
          </Section>
          <Section title="Estoque e valor">
            <FormGrid columns="1fr 1fr 1fr">
              <FormSelect name="unit_of_measure" label="Unidade de medida" options={units} />
              <FormText name="minimum_quantity" label="Quantidade mínima" type="number" helperText="Abaixo dela, o produto aparece como em falta" />
              <FormNumber name="price" label="Preço (R$)" money placeholder="0,00" />
              <FormNotes name="description" label="Descrição" />
              <FormSwitch name="is_active" label="Produto ativo" />
            </FormGrid>
          </Section>
        </>
      )}
    </ResourcePage>
  );
}
