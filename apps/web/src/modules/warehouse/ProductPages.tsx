/** /product, /product/create, /product/edit/:id (PRODUCT): the catalogue, tracked as patrimony or as a consumable. */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { PRODUCT_TRACKING_LABELS, PRODUCT_TRACKINGS, productInput, UNIT_OF_MEASURE_LABELS, UNITS_OF_MEASURE } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey, ResourceList } from '../../core/ResourceList';
import { blankToNull } from '../../core/schema-helpers';
import { toast } from '../../core/toast';
import { getProduct, PRODUCT_PATH, saveRecord, whKeys, type ProductRead } from './api';
import { formatBRL, formatQty } from './parts';
import { useRemove } from './useRemove';
import { FormNumber, FormSelect, FormSwitch } from '../../core/form';
import { Section } from '../../core/Section';
import { RevisionHistory } from '../../core/history';
import { RecordFrame } from '../../core/RecordPage';
import { ToneChip } from '../../core/ToneChip';

const columns: GridColDef<ProductRead>[] = [
  { field: 'code', headerName: 'Código', width: 110 },
  { field: 'name', headerName: 'Nome', flex: 1.5, minWidth: 170 },
  { field: 'category', headerName: 'Categoria', width: 130, valueFormatter: (v: string | null) => v ?? '—' },
  {
    field: 'tracking',
    headerName: 'Controle',
    width: 120,
    renderCell: ({ row }) => <ToneChip color={row.tracking === 'patrimonio' ? 'primary' : 'info'} label={row.tracking === 'patrimonio' ? 'Patrimônio' : 'Consumível'} status={row.tracking} />,
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
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['PRODUCT']);
  const remove = useRemove(PRODUCT_PATH, 'o produto');
  return (
    <>
      <PageTitle title="Produtos" subtitle="Catálogo de materiais e equipamentos do almoxarifado" />
      <ResourceList<ProductRead>
        resource={PRODUCT_PATH}
        ariaLabel="Lista de produtos"
        columns={columns}
        searchPlaceholder="Pesquisar código, nome ou fabricante"
        filters={[
          { name: 'tracking', label: 'Controle', options: [{ value: '', label: 'Todos' }, { value: 'patrimonio', label: 'Patrimônio' }, { value: 'consumivel', label: 'Consumível' }] },
          { name: 'belowMinimum', label: 'Estoque mínimo', options: [{ value: '', label: 'Todos' }, { value: 'true', label: 'Abaixo do mínimo' }] },
        ]}
        createPath="/product/create"
        createLabel="Novo produto"
        canCreate={canWrite}
        mobileHidden={['code', 'category', 'minimum_quantity', 'price']}
        onRowOpen={(p) => navigate(`/product/edit/${p.id}`)}
        rowActions={[
          { label: canWrite ? 'Editar' : 'Ver', icon: <EditIcon />, onClick: (p) => navigate(`/product/edit/${p.id}`) },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (p) => void remove(p.id, p.name), show: canWrite },
        ]}
      />
    </>
  );
}

const formSchema = productInput.extend({ price: blankToNull(productInput.shape.price), category: blankToNull(productInput.shape.category) });

function ProductForm({ product }: { product: ProductRead | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useCan();
  const canWrite = can(['PRODUCT']);
  const form = useSchemaForm(formSchema, {
    code: product?.code ?? '',
    name: product?.name ?? '',
    category: product?.category ?? '',
    tracking: product?.tracking ?? ('' as never),
    unit_of_measure: product?.unit_of_measure ?? 'un',
    manufacturer: product?.manufacturer ?? '',
    model: product?.model ?? '',
    price: product?.price?.replace('.', ',') ?? '',
    minimum_quantity: product?.minimum_quantity ?? 0,
    description: product?.description ?? '',
    is_active: product?.is_active ?? true,
  } as never);
  return (
    <ResourceForm
      form={form as never}
      ariaLabel={product ? 'Editar produto' : 'Novo produto'}
      submitLabel={product ? 'Salvar alterações' : 'Criar produto'}
      cancelTo="/product"
      readOnly={!canWrite}
      onSubmit={(values) => saveRecord<ProductRead>(PRODUCT_PATH, product?.id ?? null, values)}
      onSuccess={(saved) => {
        const p = saved as ProductRead;
        toast.success(product ? 'Produto atualizado!' : 'Produto criado!');
        void qc.invalidateQueries({ queryKey: listKey(PRODUCT_PATH) });
        qc.setQueryData(whKeys.product(p.id), p);
        navigate('/product');
      }}
    >
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Você pode consultar este produto, mas não alterá-lo.
        </Alert>
      )}
      <Section title="Identificação">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
          <FormText name="code" label="Código" required autoFocus={!product} placeholder="ONU-01" />
          <FormText name="name" label="Nome" required />
          <FormSelect
            name="tracking"
            label="Controle"
            required
            options={PRODUCT_TRACKINGS.map((t) => ({ value: t, label: PRODUCT_TRACKING_LABELS[t] }))}
            helperText="Patrimônio: cada item tem número próprio. Consumível: controlado por quantidade."
          />
          <FormText name="category" label="Categoria" placeholder="Equipamentos de rede" />
          <FormText name="manufacturer" label="Fabricante" />
          <FormText name="model" label="Modelo" />
        </Box>
      </Section>
      <Section title="Estoque e valor">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
          <FormSelect name="unit_of_measure" label="Unidade de medida" options={UNITS_OF_MEASURE.map((u) => ({ value: u, label: `${UNIT_OF_MEASURE_LABELS[u]} (${u})` }))} />
          <FormText name="minimum_quantity" label="Quantidade mínima" type="number" helperText="Abaixo dela, o produto aparece como em falta" />
          <FormNumber name="price" label="Preço (R$)" money placeholder="0,00" />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormText name="description" label="Descrição" fullWidth multiline minRows={2} />
          </Box>
          <FormSwitch name="is_active" label="Produto ativo" />
        </Box>
      </Section>
    </ResourceForm>
  );
}

export function ProductFormPage() {
  const { id } = useParams();
  const productId = id ? Number(id) : null;
  const q = useQuery({ queryKey: whKeys.product(productId ?? 0), queryFn: () => getProduct(productId!), enabled: !!productId });
  const p = q.data;
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle
        title={productId ? 'Editar produto' : 'Novo produto'}
        subtitle={p ? `${p.code} · ${p.name} · disponível: ${formatQty(p.available_quantity, p.unit_of_measure)}${p.below_minimum ? ' (abaixo do mínimo)' : ''}` : undefined}
      />
      {productId ? (
        <RecordFrame loading={q.isLoading} missing={!p} what="Produto" backTo="/product">
          {p && (
            <PageTabs
              ariaLabel="Seções do produto"
              tabs={[
                { value: 'dados', label: 'Dados', content: <ProductForm key={p.id} product={p} /> },
                { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="product" entityId={p.id} /> },
              ]}
            />
          )}
        </RecordFrame>
      ) : (
        <ProductForm key="new" product={null} />
      )}
    </Box>
  );
}
