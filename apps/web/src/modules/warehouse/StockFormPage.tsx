/** /stock/create and /stock/edit/:id: a stock (warehouse of a unit), with its history. */
import { Alert, Box } from '@mui/material';
import { stockInput } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { toast } from '../../core/toast';
import { getStock, saveRecord, STOCK_PATH, whKeys, type StockRead } from './api';
import { useUnitOptions } from './parts';
import { Section } from '../../core/Section';
import { RevisionHistory } from '../../core/history';
import { FormSelect, FormSwitch } from '../../core/form';
import { RecordFrame } from '../../core/RecordPage';

function StockForm({ stock }: { stock: StockRead | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useCan();
  const canWrite = can(['STOCK']);
  const units = useUnitOptions();
  const form = useSchemaForm(stockInput, {
    name: stock?.name ?? '',
    code: stock?.code ?? '',
    unit_organizational_id: stock?.unit_organizational_id ?? (undefined as never),
    description: stock?.description ?? '',
    address: stock?.address ?? '',
    is_active: stock?.is_active ?? true,
  });
  return (
    <ResourceForm
      form={form as never}
      ariaLabel={stock ? 'Editar estoque' : 'Novo estoque'}
      submitLabel={stock ? 'Salvar alterações' : 'Criar estoque'}
      cancelTo="/stock"
      readOnly={!canWrite}
      onSubmit={(values) => saveRecord<StockRead>(STOCK_PATH, stock?.id ?? null, values)}
      onSuccess={(saved) => {
        const s = saved as StockRead;
        toast.success(stock ? 'Estoque atualizado!' : 'Estoque criado!');
        void qc.invalidateQueries({ queryKey: listKey(STOCK_PATH) });
        void qc.invalidateQueries({ queryKey: whKeys.stocks });
        qc.setQueryData(whKeys.stock(s.id), s);
        navigate(`/stock/info/${s.id}`);
      }}
    >
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Você pode consultar este estoque, mas não alterá-lo.
        </Alert>
      )}
      <Section title="Identificação">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <FormText name="name" label="Nome" required autoFocus={!stock} />
          <FormText name="code" label="Código" required placeholder="ALM-01" />
          <FormSelect name="unit_organizational_id" label="Unidade organizacional" required options={units} helperText="A unidade dona deste estoque" />
          <FormSwitch name="is_active" label="Estoque ativo" />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormText name="address" label="Endereço" fullWidth />
          </Box>
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormText name="description" label="Descrição" fullWidth multiline minRows={2} />
          </Box>
        </Box>
      </Section>
    </ResourceForm>
  );
}

export default function StockFormPage() {
  const { id } = useParams();
  const stockId = id ? Number(id) : null;
  const q = useQuery({ queryKey: whKeys.stock(stockId ?? 0), queryFn: () => getStock(stockId!), enabled: !!stockId });
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle title={stockId ? 'Editar estoque' : 'Novo estoque'} subtitle={q.data ? `${q.data.name} · ${q.data.code}` : undefined} />
      {stockId ? (
        <RecordFrame loading={q.isLoading} missing={!q.data} what="Estoque" backTo="/stock">
          {q.data && (
            <PageTabs
              ariaLabel="Seções do estoque"
              tabs={[
                { value: 'dados', label: 'Dados', content: <StockForm key={q.data.id} stock={q.data} /> },
                { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="stock" entityId={q.data.id} /> },
              ]}
            />
          )}
        </RecordFrame>
      ) : (
        <StockForm key="new" stock={null} />
      )}
    </Box>
  );
}
