/**
 * /lmc/generate-script/:id: the MikroTik RouterOS scripts of an LMC's path, one tab per device,
 * highlighted, with copy, download (.rsc, or a zip of all) and the diff against the last version;
 * each device also shows its "Remover configuração" script (what the script added, removed by tag).
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import TerminalIcon from '@mui/icons-material/Terminal';
import { Alert, Box, Button, Paper, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ScriptDevice, ScriptLast, ScriptLastDevice, ScriptResult } from '@operacoes/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { strToU8, zipSync } from 'fflate';
import hljs from 'highlight.js/lib/core';
import routeros from 'highlight.js/lib/languages/routeros';
import 'highlight.js/styles/github.css';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { api, isAxiosError } from '../../../core/api';
import { saveBlob } from '../../../core/download';
import { PageTitle } from '../../../core/PageTitle';
import { useCan } from '../../../core/permissions';
import { RecordPage } from '../../../core/RecordPage';
import { toast } from '../../../core/toast';
import { lmcApi, lmcTrail, type LmcRead } from '../pathApi';
import { Crumbs } from '../../../core/Crumbs';
import { formatDateTime } from '../../../core/format';

hljs.registerLanguage('routeros', routeros);

const when = (iso: string) => formatDateTime(iso);
const rsc = (text: string) => new Blob([text], { type: 'text/plain;charset=utf-8' });

function Code({ text, label }: { text: string; label: string }) {
  const html = useMemo(() => hljs.highlight(text, { language: 'routeros' }).value, [text]);
  return (
    // The theme's orange for commands reads 3.4:1 on its white: a darker one keeps 4.5:1. The
    // block scrolls sideways, so it takes the focus for keyboard users.
    <Box component="pre" sx={{ m: 0, p: 1.5, overflowX: 'auto', fontSize: 13, bgcolor: 'action.hover', borderRadius: 1, '& .hljs-built_in, & .hljs-symbol': { color: '#a04100' } }}>
      <code className="hljs language-routeros" tabIndex={0} aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />
    </Box>
  );
}

function Diff({ device }: { device: ScriptDevice | ScriptLastDevice }) {
  if (!device.previous_script) return <Alert severity="info">Primeira geração deste equipamento: não há versão anterior.</Alert>;
  const since = device.previous_generated_at ? ` em ${when(device.previous_generated_at)}${device.previous_generated_by ? ` por ${device.previous_generated_by}` : ''}` : '';
  if (!device.diff) return <Alert severity="success">Nenhuma alteração desde a última geração{since}.</Alert>;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Diferenças para a versão anterior{since}:
      </Typography>
      <Box component="pre" tabIndex={0} aria-label={`Diferenças de ${device.hostname}`} sx={{ m: 0, p: 1.5, overflowX: 'auto', fontSize: 13, bgcolor: 'action.hover', borderRadius: 1 }}>
        {device.diff
          .split('\n')
          .slice(4)
          .map((line, i) => (
            <Box key={i} component="span" sx={{ display: 'block', color: line.startsWith('+') ? 'success.main' : line.startsWith('-') ? 'error.main' : line.startsWith('@@') ? 'info.main' : 'text.primary' }}>
              {line || ' '}
            </Box>
          ))}
      </Box>
    </Box>
  );
}

type View = 'config' | 'remove';

function Device({ device }: { device: ScriptDevice | ScriptLastDevice }) {
  const [view, setView] = useState<View>('config');
  const removal = view === 'remove';
  const text = removal ? device.removal_script : device.script;
  const file = `${device.hostname}${removal ? '-remover' : ''}.rsc`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toast.success(removal ? 'Script de remoção copiado!' : 'Script copiado!');
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ToggleButtonGroup exclusive size="small" color="primary" value={view} onChange={(_e, v: View | null) => v && setView(v)} aria-label={`Script de ${device.hostname}`}>
        <ToggleButton value="config">Configuração</ToggleButton>
        <ToggleButton value="remove">Remover configuração</ToggleButton>
      </ToggleButtonGroup>
      {removal && (
        <Alert severity="warning">
          Remove deste equipamento o que o script de configuração criou, pelas etiquetas <code>operacoes:…</code> nos comentários; o que o equipamento já tinha fica. Aplique antes de desfazer a LMC ou a união.
        </Alert>
      )}
      {text ? (
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              Copiar
            </Button>
            <Button startIcon={<DownloadIcon />} onClick={() => saveBlob(rsc(text), file)}>
              Baixar .rsc
            </Button>
          </Box>
          {'generated_at' in device && (
            <Typography variant="body2" color="text.secondary">
              Gerado em {when(device.generated_at)}
              {device.generated_by ? ` por ${device.generated_by}` : ''}.
            </Typography>
          )}
          <Code text={text} label={removal ? `Script de remoção de ${device.hostname}` : `Script de ${device.hostname}`} />
        </>
      ) : (
        <Alert severity="info">Esta versão foi gerada antes do script de remoção existir: gere os scripts de novo para obtê-lo.</Alert>
      )}
      {!removal && <Diff device={device} />}
    </Box>
  );
}

/** The last scripts generated for the LMC's devices; null when none ever was (the API's 404). */
async function fetchLast(id: number): Promise<ScriptLast | null> {
  try {
    return (await api.get<ScriptLast>(`/lmc/${id}/script`, { silent: true })).data;
  } catch (e) {
    if (isAxiosError(e) && e.response?.status === 404) return null;
    throw e;
  }
}

function Scripts({ lmc }: { lmc: LmcRead }) {
  const [tab, setTab] = useState(0);
  const { user } = useCan();
  // Generating stores versions (a write); whoever only reads the LMC sees the last ones generated.
  const canGenerate = lmcApi.canWrite(user);
  const last = useQuery({ queryKey: ['lmc-script', lmc.id], queryFn: () => fetchLast(lmc.id), retry: false });
  const generate = useMutation({ mutationFn: async () => (await api.post<ScriptResult>(`/lmc/${lmc.id}/script`)).data, onSuccess: () => setTab(0) });
  // A refusal (422: the path cannot give a correct script) is said on the page, with the segment to fix.
  const refused = isAxiosError(generate.error) && generate.error.response?.status === 422 ? (generate.error.response.data as { message?: string }).message : undefined;
  const result: { devices: (ScriptDevice | ScriptLastDevice)[]; warnings: string[] } | undefined = generate.data ?? (last.data ? { devices: last.data.devices, warnings: [] } : undefined);
  const zipAll = () => {
    const files = Object.fromEntries(
      result!.devices.flatMap((d) => [[`${d.hostname}.rsc`, strToU8(d.script)], ...(d.removal_script ? [[`${d.hostname}-remover.rsc`, strToU8(d.removal_script)]] : [])]),
    );
    saveBlob(new Blob([zipSync(files) as BlobPart], { type: 'application/zip' }), `${lmc.code}-scripts.zip`);
  };
  return (
    <>
      <Crumbs trail={lmcTrail(lmc)} current="Scripts MikroTik" sx={{ mb: 2 }} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {canGenerate && (
          <Button variant="contained" startIcon={<TerminalIcon />} onClick={() => generate.mutate()} disabled={generate.isPending}>
            {generate.isPending ? 'Gerando…' : 'Gerar scripts'}
          </Button>
        )}
        {result && result.devices.length > 1 && (
          <Button startIcon={<DownloadIcon />} onClick={zipAll}>
            Baixar todos (.zip)
          </Button>
        )}
      </Box>
      {!result && !generate.isPending && canGenerate && !last.isLoading && (
        <Alert severity="info">
          Gera um script RouterOS por equipamento MikroTik do caminho (com uma união, a união inteira), com as configurações de MikroTik da organização, e o script que remove o que ele criou. Pode ser
          aplicado de novo: cada objeto leva uma etiqueta no comentário e só é criado se faltar. Senhas nunca entram no script.
        </Alert>
      )}
      {!result && !canGenerate && last.data === null && <Alert severity="info">Nenhum script foi gerado para esta LMC ainda. Quem pode editar a LMC gera os scripts.</Alert>}
      {!generate.data && last.data && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Últimos scripts gerados{canGenerate ? '. Gere de novo para atualizar com o caminho atual.' : ' (somente leitura).'}
        </Alert>
      )}
      {refused && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {refused}
        </Alert>
      )}
      {result?.warnings.map((w) => (
        <Alert key={w} severity="warning" sx={{ mb: 1 }}>
          {w}
        </Alert>
      ))}
      {result && result.devices.length > 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
          <Tabs value={Math.min(tab, result.devices.length - 1)} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Equipamentos">
            {result.devices.map((d) => (
              <Tab key={d.asset_id} label={`${d.hostname}${d.routeros_version ? ` · RouterOS ${d.routeros_version}` : ''}${'generated_at' in d ? ` · ${when(d.generated_at)}` : ''}`} />
            ))}
          </Tabs>
          <Box sx={{ mt: 2 }}>
            <Device key={result.devices[Math.min(tab, result.devices.length - 1)].asset_id} device={result.devices[Math.min(tab, result.devices.length - 1)]} />
          </Box>
        </Paper>
      )}
    </>
  );
}

export default function ScriptPage() {
  const id = Number(useParams().id);
  const lmc = useQuery({ queryKey: lmcApi.keys.one(id), queryFn: () => lmcApi.get(id) });
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle title="Gerar script MikroTik" subtitle={lmc.data ? `${lmc.data.code} · ${lmc.data.name}` : undefined} />
      <RecordPage query={lmc} what="LMC" gender="f" backTo="/lmc">
        {(l) => <Scripts lmc={l} />}
      </RecordPage>
    </Box>
  );
}
