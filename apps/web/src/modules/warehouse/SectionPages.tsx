/** /section, /section/create, /section/edit/:id, /section/info/:id (SECTION): places inside a stock. */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button } from '@mui/material';
import { readPermissionsOf, sectionInput } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '../../core/format';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey, ResourceList } from '../../core/ResourceList';
import { toast } from '../../core/toast';
import { getSection, saveRecord, SECTION_PATH, whKeys, type SectionRead } from './api';
import { sectionColumns } from './columns';
import { useStockOptions } from './parts';
import { BalancesPanel, MovementsPanel, PatrimonyPanel } from './StockInfoPage';
import { useRemove } from './useRemove';
import { Details, Section } from '../../core/Section';
import { RevisionHistory } from '../../core/history';
import { FormSelect, FormSwitch } from '../../core/form';
import { RecordFrame } from '../../core/RecordPage';
import { ToneChip } from '../../core/ToneChip';

export function SectionListPage() {
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['SECTION']);
  const remove = useRemove(SECTION_PATH, 'a seção');
  const stocks = useStockOptions();
  return (
    <>
      <PageTitle title="Seções" subtitle="Locais dentro dos estoques (prateleiras, salas, gaiolas)" />
      <ResourceList<SectionRead>
        resource={SECTION_PATH}
        ariaLabel="Lista de seções"
        columns={sectionColumns}
        searchPlaceholder="Pesquisar nome ou código"
        filters={[{ name: 'stock', label: 'Estoque', options: [{ value: '', label: 'Todos' }, ...stocks.map((s) => ({ value: String(s.value), label: s.label }))] }]}
        createPath="/section/create"
        createLabel="Nova seção"
        canCreate={canWrite}
        mobileHidden={['code', 'stock_id']}
        onRowOpen={(s) => navigate(`/section/info/${s.id}`)}
        rowActions={[
          { label: 'Detalhes', icon: <VisibilityIcon />, onClick: (s) => navigate(`/section/info/${s.id}`) },
          { label: 'Editar', icon: <EditIcon />, onClick: (s) => navigate(`/section/edit/${s.id}`), show: canWrite },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (s) => void remove(s.id, s.name), show: canWrite },
        ]}
      />
    </>
  );
}

function SectionForm({ section, stockId }: { section: SectionRead | null; stockId?: number }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useCan();
  const canWrite = can(['SECTION']);
  const stocks = useStockOptions();
  const form = useSchemaForm(sectionInput, {
    stock_id: section?.stock_id ?? stockId ?? (undefined as never),
    name: section?.name ?? '',
    code: section?.code ?? '',
    description: section?.description ?? '',
    is_active: section?.is_active ?? true,
  });
  return (
    <ResourceForm
      form={form as never}
      ariaLabel={section ? 'Editar seção' : 'Nova seção'}
      submitLabel={section ? 'Salvar alterações' : 'Criar seção'}
      cancelTo={section ? `/section/info/${section.id}` : '/section'}
      readOnly={!canWrite}
      onSubmit={(values) => saveRecord<SectionRead>(SECTION_PATH, section?.id ?? null, values)}
      onSuccess={(saved) => {
        const s = saved as SectionRead;
        toast.success(section ? 'Seção atualizada!' : 'Seção criada!');
        void qc.invalidateQueries({ queryKey: listKey(SECTION_PATH) });
        void qc.invalidateQueries({ queryKey: ['warehouse'] });
        void qc.invalidateQueries({ queryKey: whKeys.stock(s.stock_id) });
        qc.setQueryData(whKeys.section(s.id), s);
        navigate(`/section/info/${s.id}`);
      }}
    >
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Você pode consultar esta seção, mas não alterá-la.
        </Alert>
      )}
      <Section title="Identificação">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <FormSelect name="stock_id" label="Estoque" required options={stocks} />
          <FormSwitch name="is_active" label="Seção ativa" />
          <FormText name="name" label="Nome" required autoFocus={!section} />
          <FormText name="code" label="Código" required placeholder="A-01" />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormText name="description" label="Descrição" fullWidth multiline minRows={2} />
          </Box>
        </Box>
      </Section>
    </ResourceForm>
  );
}

export function SectionFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const sectionId = id ? Number(id) : null;
  const q = useQuery({ queryKey: whKeys.section(sectionId ?? 0), queryFn: () => getSection(sectionId!), enabled: !!sectionId });
  const stockParam = Number(params.get('stock')) || undefined;
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle title={sectionId ? 'Editar seção' : 'Nova seção'} subtitle={q.data ? `${q.data.stock?.name ?? ''} › ${q.data.name}` : undefined} />
      {sectionId ? (
        <RecordFrame loading={q.isLoading} missing={!q.data} what="Seção" gender="f" backTo="/section">
          {q.data && (
            <PageTabs
              ariaLabel="Seções da página"
              tabs={[
                { value: 'dados', label: 'Dados', content: <SectionForm key={q.data.id} section={q.data} /> },
                { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="section" entityId={q.data.id} /> },
              ]}
            />
          )}
        </RecordFrame>
      ) : (
        <SectionForm key="new" section={null} stockId={stockParam} />
      )}
    </Box>
  );
}

export function SectionInfoPage() {
  const { id } = useParams();
  const sectionId = Number(id);
  const { can } = useCan();
  const q = useQuery({ queryKey: whKeys.section(sectionId), queryFn: () => getSection(sectionId) });
  const s = q.data;
  return (
    <Box>
      <PageTitle
        title={s ? `Seção ${s.name}` : 'Detalhes da seção'}
        subtitle={s ? `${s.code} · estoque ${s.stock?.name ?? ''}` : undefined}
        actions={
          s &&
          can(['SECTION']) && (
            <Button component={RouterLink} to={`/section/edit/${s.id}`} startIcon={<EditIcon />} variant="outlined">
              Editar
            </Button>
          )
        }
      />
      <RecordFrame loading={q.isLoading} missing={!s} what="Seção" gender="f" backTo="/section">
        {s && (
          <>
            <Section title="Dados" actions={<ToneChip color={s.is_active ? 'success' : 'default'} label={s.is_active ? 'Ativa' : 'Inativa'} status={String(s.is_active)} />}>
              <Details
                rows={[
                  ['Estoque', s.stock ? <RouterLink to={`/stock/info/${s.stock.id}`}>{s.stock.name}</RouterLink> : null],
                  ['Código', s.code],
                  ['Descrição', s.description],
                  ['Atualizada em', formatDateTime(s.updated_at)],
                ]}
              />
            </Section>
            <PageTabs
              ariaLabel="Conteúdo da seção"
              tabs={[
                { value: 'saldos', label: 'Saldos de consumíveis', content: <BalancesPanel resource={`/consumable/balances?section=${s.id}`} sections={[s]} />, hidden: !can(readPermissionsOf('STOCK')) },
                { value: 'patrimonio', label: 'Patrimônio', content: <PatrimonyPanel resource={`/patrimony?section=${s.id}`} />, hidden: !can(readPermissionsOf('PATRIMONY').concat(readPermissionsOf('WAREHOUSE'))) },
                {
                  value: 'movimentacoes',
                  label: 'Movimentações',
                  content: <MovementsPanel resource={`/movements?section=${s.id}`} />,
                  hidden: !can(readPermissionsOf('PATRIMONY_HISTORY').concat(readPermissionsOf('WAREHOUSE'))),
                },
              ]}
            />
          </>
        )}
      </RecordFrame>
    </Box>
  );
}
