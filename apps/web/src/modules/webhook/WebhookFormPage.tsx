/**
 * /organization-settings/webhook/create and /edit/:id: the address, the events it subscribes to
 * (checkboxes by resource) and whether it is active; on edit also "Gerar novo segredo", the
 * deliveries and the history. The signing secret is shown once, after the create or a new one.
 */
import KeyIcon from '@mui/icons-material/Key';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Paper, Skeleton, Typography } from '@mui/material';
import { webhookInput } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { Crumbs } from '../../core/Crumbs';
import { FormSwitch } from '../../core/form';
import { RevisionHistory } from '../../core/history';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { ReadOnlyNotice } from '../../core/readOnly';
import { RecordNotFound, RecordSkeleton } from '../../core/RecordPage';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { Section } from '../../core/Section';
import { confirmAction, toast } from '../../core/toast';
import { createWebhook, fetchEvents, getWebhook, PATH, rotateSecret, updateWebhook, whKeys, type Webhook, type WebhookEvent } from './api';
import { DeliveriesPanel } from './DeliveriesPanel';
import { SecretDialog } from './SecretDialog';

/** The events as checkboxes, one group per resource, each with "Todos". */
function EventsField({ disabled }: { disabled?: boolean }) {
  const { control } = useFormContext();
  const q = useQuery({ queryKey: whKeys.events, queryFn: fetchEvents, staleTime: Infinity });
  const groups = useMemo(() => {
    const map = new Map<string, { label: string; events: WebhookEvent[] }>();
    for (const e of q.data ?? []) {
      const g = map.get(e.entity) ?? { label: e.entity_label, events: [] };
      g.events.push(e);
      map.set(e.entity, g);
    }
    return [...map.entries()].sort((a, b) => a[1].label.localeCompare(b[1].label, 'pt-BR'));
  }, [q.data]);
  if (q.isLoading) return <Skeleton variant="rounded" height={120} />;
  if (q.isError) return <Alert severity="error">Não foi possível carregar a lista de eventos.</Alert>;
  return (
    <Controller
      control={control}
      name="events"
      render={({ field, fieldState }) => {
        const chosen = new Set<string>(field.value ?? []);
        const set = (names: string[], on: boolean) => {
          const next = new Set(chosen);
          for (const n of names) {
            if (on) next.add(n);
            else next.delete(n);
          }
          field.onChange([...next]);
        };
        return (
          <Box role="group" aria-label="Eventos">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {chosen.size} {chosen.size === 1 ? 'evento escolhido' : 'eventos escolhidos'}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
              {groups.map(([entity, g]) => {
                const names = g.events.map((e) => e.name);
                const all = names.every((n) => chosen.has(n));
                const some = names.some((n) => chosen.has(n));
                return (
                  <Paper key={entity} variant="outlined" sx={{ px: 1.5, py: 0.5 }}>
                    <FormControlLabel
                      label={<Typography variant="subtitle2">{g.label}</Typography>}
                      control={<Checkbox checked={all} indeterminate={some && !all} disabled={disabled} onChange={(e) => set(names, e.target.checked)} />}
                    />
                    <Box sx={{ pl: 3, display: 'flex', flexWrap: 'wrap' }}>
                      {g.events.map((e) => (
                        <FormControlLabel
                          key={e.name}
                          label={<Typography variant="body2">{e.label.slice(g.label.length).replace(/^[:\s]+/, '') || e.label}</Typography>}
                          control={<Checkbox size="small" checked={chosen.has(e.name)} disabled={disabled} onChange={(ev) => set([e.name], ev.target.checked)} slotProps={{ input: { 'aria-label': e.label } }} />}
                        />
                      ))}
                    </Box>
                  </Paper>
                );
              })}
            </Box>
            {fieldState.error && <FormHelperText error>{fieldState.error.message ?? 'Escolha ao menos um evento'}</FormHelperText>}
          </Box>
        );
      }}
    />
  );
}

function WebhookForm({ webhook, onCreated }: { webhook: Webhook | null; onCreated: (w: Webhook) => void }) {
  const qc = useQueryClient();
  const { can } = useCan();
  const canWrite = can(['DATA_SOURCE']);
  const form = useSchemaForm(webhookInput, { url: webhook?.url ?? '', events: webhook?.events ?? [], is_active: webhook?.is_active ?? true });
  const dis = !canWrite;
  return (
    <ResourceForm
      form={form}
      ariaLabel={webhook ? 'Editar webhook' : 'Novo webhook'}
      submitLabel={webhook ? 'Salvar alterações' : 'Criar webhook'}
      readOnly={!canWrite}
      cancelTo={PATH}
      onSubmit={(v) => (webhook ? updateWebhook(webhook.id, v) : createWebhook(v))}
      onSuccess={(saved) => {
        const w = saved as Webhook;
        toast.success(webhook ? 'Webhook atualizado!' : 'Webhook criado!');
        void qc.invalidateQueries({ queryKey: listKey(PATH) });
        const { secret: _secret, ...shown } = w;
        qc.setQueryData(whKeys.one(w.id), shown);
        if (!webhook) onCreated(w);
      }}
    >
      {!canWrite && <ReadOnlyNotice what="webhook" gender="m" />}
      {webhook?.disabled_reason && !webhook.is_active && <Alert severity="warning" sx={{ mb: 2 }}>{webhook.disabled_reason}</Alert>}
      <Section title="Destino">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <FormText name="url" label="URL" required autoFocus={!webhook} disabled={dis} placeholder="https://sistema.exemplo.com.br/webhooks/operacoes" type="url" helperText="Recebe um POST JSON assinado a cada evento escolhido" />
          <FormSwitch name="is_active" label="Webhook ativo" disabled={dis} helperText="Inativo: nada é enviado" />
        </Box>
      </Section>
      <Section title="Eventos" hint="Escolha o que deve ser enviado: criação, alteração ou exclusão de cada tipo de registro.">
        <EventsField disabled={dis} />
      </Section>
    </ResourceForm>
  );
}

export default function WebhookFormPage() {
  const { id } = useParams();
  const webhookId = id ? Number(id) : null;
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['DATA_SOURCE']);
  const q = useQuery({ queryKey: whKeys.one(webhookId ?? 0), queryFn: () => getWebhook(webhookId!), enabled: !!webhookId });
  const webhook = q.data ?? null;
  const [secret, setSecret] = useState<{ value: string; then?: string } | null>(null);

  const rotate = async () => {
    if (!webhook) return;
    const ok = await confirmAction({
      title: 'Gerar novo segredo?',
      text: 'O segredo atual deixa de valer imediatamente: o sistema que recebe as entregas precisa ser atualizado com o novo.',
      confirmText: 'Gerar novo segredo',
    });
    if (!ok) return;
    setSecret({ value: await rotateSecret(webhook.id) });
  };

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Crumbs trail={[{ to: '/organization-settings', label: 'Configurações da organização' }, { to: PATH, label: 'Webhooks' }]} current={webhook ? webhook.url : webhookId ? 'Editar webhook' : 'Novo webhook'} />
      <PageTitle
        title={webhookId ? 'Editar webhook' : 'Novo webhook'}
        subtitle={webhook?.url}
        actions={
          webhook && canWrite ? (
            <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => void rotate()}>
              Gerar novo segredo
            </Button>
          ) : undefined
        }
      />
      {webhookId && q.isLoading ? (
        <RecordSkeleton />
      ) : webhookId && !webhook ? (
        <RecordNotFound what="Webhook" gender="m" backTo={PATH} />
      ) : webhook ? (
        <PageTabs
          ariaLabel="Seções do webhook"
          tabs={[
            { value: 'dados', label: 'Configuração', content: <WebhookForm key={webhook.id} webhook={webhook} onCreated={() => undefined} /> },
            { value: 'entregas', label: 'Entregas', content: <DeliveriesPanel webhookId={webhook.id} canWrite={canWrite} active={webhook.is_active} /> },
            { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="webhook" entityId={webhook.id} /> },
          ]}
        />
      ) : (
        <WebhookForm key="new" webhook={null} onCreated={(w) => setSecret({ value: w.secret ?? '', then: `${PATH}/edit/${w.id}` })} />
      )}
      <SecretDialog
        secret={secret?.value || null}
        onClose={() => {
          const then = secret?.then;
          setSecret(null);
          // A new webhook opens on its edit page (deliveries, history) once the secret is copied.
          if (then) navigate(then);
        }}
      />
    </Box>
  );
}
