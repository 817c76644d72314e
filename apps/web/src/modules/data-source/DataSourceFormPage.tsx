/**
 * /organization-settings/data-source/create and /edit/:id: an HTTP JSON source (URL, method,
 * headers, a write-only token), the target, the field mapping and the schedule; on edit also
 * "Testar", "Executar", the runs, the staged records and the history.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import KeyIcon from '@mui/icons-material/Key';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScienceIcon from '@mui/icons-material/Science';
import {
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  DATA_SOURCE_SCHEDULE_LABELS,
  DATA_SOURCE_SCHEDULES,
  DATA_SOURCE_TARGET_LABELS,
  DATA_SOURCE_TARGETS,
  dataSourceInput,
} from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { RecordNotFound, RecordSkeleton } from '../../core/RecordPage';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { toast } from '../../core/toast';
import { createSource, dsKeys, getSource, PATH, updateSource, type DataSource } from './api';
import { RecordsPanel, RunsPanel } from './RunsPanel';
import { RunDialog, TestDialog } from './SourceDialogs';
import { RevisionHistory } from '../../core/history';
import { FormSwitch } from '../../core/form';
import { Section } from '../../core/Section';
import { Crumbs } from '../../core/Crumbs';
import { ReadOnlyNotice } from '../../core/readOnly';

const pair = z.object({ key: z.string().trim(), value: z.string() });
const shape = dataSourceInput.shape;

/** Pairs (form rows) → record, with the contract's rules reported on the row that broke them. */
function checkPairs(field: 'headers' | 'mapping', rows: { key: string; value: string }[], ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    if (!r.key) return ctx.addIssue({ code: 'custom', path: [field, i, 'key'], message: field === 'headers' ? 'Informe o nome do cabeçalho' : 'Informe o campo de destino' });
    const k = field === 'headers' ? r.key.toLowerCase() : r.key;
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [field, i, 'key'], message: 'Nome repetido' });
    seen.set(k, i);
  });
  const record = Object.fromEntries(rows.filter((r) => r.key).map((r) => [r.key, r.value]));
  const parsed = shape[field].safeParse(record);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === undefined) {
      // A rule on the whole set (the contract refuses an Authorization header): shown on that row.
      const i = rows.findIndex((r) => r.key.toLowerCase() === 'authorization');
      ctx.addIssue({ code: 'custom', path: i >= 0 ? [field, i, 'key'] : [field], message: issue.message });
      continue;
    }
    const i = rows.findIndex((r) => r.key === key);
    if (issue.code === 'invalid_key') {
      ctx.addIssue({ code: 'custom', path: [field, i, 'key'], message: issue.issues[0]?.message ?? 'Nome inválido' });
    } else {
      const message = rows[i]?.value ? 'Valor muito longo' : field === 'mapping' ? 'Informe o campo na fonte' : 'Informe o valor';
      ctx.addIssue({ code: 'custom', path: [field, i, 'value'], message });
    }
  }
}

const formSchema = dataSourceInput
  .omit({ headers: true, mapping: true, token: true })
  .extend({
    headers: z.array(pair),
    mapping: z.array(pair),
    token: z.string().max(4000).optional(),
    token_mode: z.enum(['keep', 'replace', 'clear']),
  })
  .superRefine((v, ctx) => {
    checkPairs('headers', v.headers, ctx);
    checkPairs('mapping', v.mapping, ctx);
    if (v.token_mode === 'replace' && !v.token?.trim()) ctx.addIssue({ code: 'custom', path: ['token'], message: 'Informe o token' });
  });
type FormOut = z.output<typeof formSchema>;

function toBody(v: FormOut, editing: boolean) {
  const { headers, mapping, token, token_mode, ...rest } = v;
  const body: Record<string, unknown> = {
    ...rest,
    headers: Object.fromEntries(headers.map((h) => [h.key, h.value])),
    mapping: Object.fromEntries(mapping.map((m) => [m.key, m.value])),
  };
  if (token_mode === 'replace') body.token = token;
  else if (token_mode === 'clear' && editing) body.token = null;
  return body;
}

function PairsEditor({ name, keyLabel, valueLabel, addLabel, disabled, valueType }: { name: 'headers' | 'mapping'; keyLabel: string; valueLabel: string; addLabel: string; disabled?: boolean; valueType?: string }) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <Box>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {name === 'headers' ? 'Nenhum cabeçalho.' : 'Nenhum campo mapeado: os registros são gravados como vieram da fonte.'}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {fields.map((f, i) => (
          <Box key={f.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: '1fr 1fr auto' }, alignItems: 'start' }}>
            <FormText name={`${name}.${i}.key`} label={keyLabel} size="small" disabled={disabled} />
            <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
              <FormText name={`${name}.${i}.value`} label={valueLabel} size="small" disabled={disabled} type={valueType} fullWidth />
            </Box>
            <Tooltip title="Remover">
              <span>
                <IconButton aria-label={`Remover ${keyLabel.toLowerCase()} ${i + 1}`} onClick={() => remove(i)} disabled={disabled}>
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ))}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} onClick={() => append({ key: '', value: '' })} disabled={disabled} sx={{ mt: 1 }}>
        {addLabel}
      </Button>
    </Box>
  );
}

function TokenField({ hasToken, disabled }: { hasToken: boolean; disabled?: boolean }) {
  const { control, setValue } = useFormContext();
  const mode = useWatch({ control, name: 'token_mode' }) as 'keep' | 'replace' | 'clear';
  const setMode = (m: typeof mode) => {
    setValue('token_mode', m, { shouldDirty: true });
    if (m !== 'replace') setValue('token', '', { shouldDirty: true });
  };
  if (hasToken && mode !== 'replace')
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          icon={<KeyIcon />}
          label={mode === 'clear' ? 'O token será removido ao salvar' : 'Token configurado (guardado criptografado)'}
          color={mode === 'clear' ? 'warning' : 'default'}
          variant="outlined"
        />
        {!disabled && (
          <>
            <Button size="small" onClick={() => setMode('replace')}>
              Substituir token
            </Button>
            {mode === 'clear' ? (
              <Button size="small" onClick={() => setMode('keep')}>
                Manter token
              </Button>
            ) : (
              <Button size="small" color="warning" onClick={() => setMode('clear')}>
                Remover token
              </Button>
            )}
          </>
        )}
      </Stack>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Controller
        control={control}
        name="token"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            value={field.value ?? ''}
            onChange={(e) => {
              field.onChange(e.target.value);
              if (!hasToken) setValue('token_mode', e.target.value ? 'replace' : 'keep');
            }}
            type="password"
            autoComplete="new-password"
            label={hasToken ? 'Novo token' : 'Token (opcional)'}
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Enviado como "Authorization: Bearer …"; nunca é exibido depois de salvo'}
            sx={{ flex: 1, maxWidth: 520 }}
          />
        )}
      />
      {hasToken && (
        <Button onClick={() => setMode('keep')} sx={{ mt: 1 }}>
          Cancelar
        </Button>
      )}
    </Box>
  );
}

function SelectField({ name, label, options, disabled, helperText }: { name: string; label: string; options: { value: string; label: string; disabled?: boolean }[]; disabled?: boolean; helperText?: string }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function SourceForm({ source }: { source: DataSource | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useCan();
  const canWrite = can(['DATA_SOURCE']);
  const form = useSchemaForm(formSchema, {
    name: source?.name ?? '',
    url: source?.url ?? '',
    method: source?.method ?? 'GET',
    headers: Object.entries(source?.headers ?? {}).map(([key, value]) => ({ key, value })),
    token: '',
    token_mode: 'keep',
    target: source?.target ?? 'staging',
    items_path: source?.items_path ?? '',
    key_field: source?.key_field ?? '',
    mapping: Object.entries(source?.mapping ?? {}).map(([key, value]) => ({ key, value })),
    schedule: source?.schedule ?? 'manual',
    timeout_ms: source?.timeout_ms ?? 10_000,
    is_active: source?.is_active ?? true,
  });
  const dis = !canWrite;
  return (
    <ResourceForm
      form={form}
      ariaLabel={source ? 'Editar fonte de dados' : 'Nova fonte de dados'}
      submitLabel={source ? 'Salvar alterações' : 'Criar fonte de dados'}
      cancelTo={PATH}
      onSubmit={(v: FormOut) => ((source ? updateSource(source.id, toBody(v, true)) : createSource(toBody(v, false))))}
      onSuccess={(saved) => {
        const s = saved as DataSource;
        toast.success(source ? 'Fonte de dados atualizada!' : 'Fonte de dados criada!');
        void qc.invalidateQueries({ queryKey: listKey(PATH) });
        qc.setQueryData(dsKeys.one(s.id), s);
        if (source) form.reset({ ...form.getValues(), token: '', token_mode: 'keep' });
        // A new source opens on its edit page, where it can be tested and run.
        else navigate(`${PATH}/edit/${s.id}`);
      }}
    >
      {!canWrite && <ReadOnlyNotice what="fonte de dados" gender="f" />}
      <Section title="Origem (HTTP JSON)">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <FormText name="name" label="Nome" required autoFocus={!source} disabled={dis} />
          <FormSwitch name="is_active" label="Fonte ativa" disabled={dis} helperText="Inativa: não roda pelo agendamento" />
          <FormText name="url" label="URL" required disabled={dis} placeholder="https://sistema.exemplo.com.br/api/sites" type="url" />
          <SelectField name="method" label="Método" disabled={dis} options={[{ value: 'GET', label: 'GET' }, { value: 'POST', label: 'POST' }]} />
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2.5, mb: 1 }}>
          Credencial
        </Typography>
        <TokenField hasToken={!!source?.has_token} disabled={dis} />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2.5, mb: 1 }}>
          Cabeçalhos
        </Typography>
        <PairsEditor name="headers" keyLabel="Cabeçalho" valueLabel="Valor" addLabel="Adicionar cabeçalho" disabled={dis} />
      </Section>
      <Section title="Registros e destino">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormText name="items_path" label="Caminho dos registros" disabled={dis} helperText='Onde está a lista no JSON (ex.: data.items); vazio = a própria resposta' />
          <FormText name="key_field" label="Campo-chave" required disabled={dis} helperText="Campo que identifica cada registro (ex.: id)" />
          <SelectField
            name="target"
            label="Destino"
            disabled={dis}
            options={DATA_SOURCE_TARGETS.map((t) => ({ value: t, label: DATA_SOURCE_TARGET_LABELS[t] }))}
          />
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { md: '1 / -1' } }}>
            Sites são atualizados pelo código (code) e ativos pelo hostname; campos extras aceitos: city_ibge_code (site) e site_code e interfaces (ativo).
          </Typography>
        </Box>
      </Section>
      <Section title="Mapeamento de campos" hint="Para cada campo de destino, o caminho do campo na fonte (ex.: endereco.cidade).">
        <PairsEditor name="mapping" keyLabel="Campo de destino" valueLabel="Campo na fonte" addLabel="Adicionar campo" disabled={dis} />
      </Section>
      <Section title="Execução">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <SelectField name="schedule" label="Agendamento" disabled={dis} options={DATA_SOURCE_SCHEDULES.map((s) => ({ value: s, label: DATA_SOURCE_SCHEDULE_LABELS[s] }))} />
          <FormText name="timeout_ms" label="Tempo limite (ms)" type="number" disabled={dis} helperText="Entre 500 e 60.000 ms" />
        </Box>
      </Section>
    </ResourceForm>
  );
}

export default function DataSourceFormPage() {
  const { id } = useParams();
  const sourceId = id ? Number(id) : null;
  const { can } = useCan();
  const canWrite = can(['DATA_SOURCE']);
  const q = useQuery({ queryKey: dsKeys.one(sourceId ?? 0), queryFn: () => getSource(sourceId!), enabled: !!sourceId });
  const source = q.data ?? null;
  const [testing, setTesting] = useState(false);
  const [running, setRunning] = useState(false);
  const ref = source ? { id: source.id, name: source.name } : null;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Crumbs trail={[{ to: '/organization-settings', label: 'Configurações da organização' }, { to: PATH, label: 'Fontes de dados' }]} current={source ? source.name : sourceId ? 'Editar fonte' : 'Nova fonte'} />
      <PageTitle
        title={sourceId ? 'Editar fonte de dados' : 'Nova fonte de dados'}
        subtitle={source?.url}
        actions={
          source && canWrite ? (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" startIcon={<ScienceIcon />} onClick={() => setTesting(true)}>
                Testar
              </Button>
              <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => setRunning(true)} disabled={!source.is_active}>
                Executar
              </Button>
            </Stack>
          ) : undefined
        }
      />
      {sourceId && q.isLoading ? (
        <RecordSkeleton />
      ) : sourceId && !source ? (
        <RecordNotFound what="Fonte de dados" gender="f" backTo={PATH} />
      ) : source ? (
        <>
          <PageTabs
            ariaLabel="Seções da fonte de dados"
            tabs={[
              { value: 'dados', label: 'Configuração', content: <SourceForm key={source.id} source={source} /> },
              { value: 'execucoes', label: 'Execuções', content: <RunsPanel sourceId={source.id} /> },
              { value: 'registros', label: 'Registros importados', content: <RecordsPanel sourceId={source.id} /> },
              { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="data_source" entityId={source.id} /> },
            ]}
          />
          <TestDialog source={testing ? ref : null} onClose={() => setTesting(false)} />
          <RunDialog source={running ? ref : null} onClose={() => setRunning(false)} />
        </>
      ) : (
        <SourceForm key="new" source={null} />
      )}
    </Box>
  );
}
