/** The manage screen's on-site records: materials used, photos, and the client's signature. */
import AddIcon from '@mui/icons-material/Add';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { BalanceRead, MaterialRead, PhotoRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { AsyncPicker, NumberInput } from '../../../core/form';
import { formatDecimal } from '../../../core/number';
import { SignaturePad } from '../../../core/SignaturePad';
import { QUEUED_MESSAGE, useOfflineQueue } from '../../../core/offline/queue';
import { toast } from '../../../core/toast';
import { addMaterial, fetchSignature, materialsKey, saveSignature, searchBalances, signatureKey } from '../api';
import { formatDateTime } from '../parts';
import { QrScanDialog } from './QrScanDialog';
import type { PendingPhoto } from './usePhotoUploads';

const qty = (n: number, unit: string) => `${formatDecimal(n, {})} ${unit}`;

export function Materials({ activityId, materials, editable }: { activityId: number; materials: MaterialRead[]; editable: boolean }) {
  const qc = useQueryClient();
  const [kind, setKind] = useState<'patrimonio' | 'consumivel'>('patrimonio');
  const [tag, setTag] = useState('');
  const [balance, setBalance] = useState<BalanceRead | null>(null);
  const [quantity, setQuantity] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);

  const { records } = useOfflineQueue();
  const waiting = records.filter((r) => r.kind === 'material' && r.activityId === activityId);
  const submit = async (body: Parameters<typeof addMaterial>[1]) => {
    setBusy(true);
    try {
      const label = body.kind === 'patrimonio' ? `Material: ${body.tag}` : `Material: ${qty(body.quantity, balance?.product.unit_of_measure ?? '')} de ${balance?.product.name ?? 'consumível'} (${balance?.section.name ?? ''})`;
      // Written to the phone's queue first; sent now when there is signal.
      const out = await addMaterial(activityId, body, label);
      if (out.status === 'refused') {
        toast.error(out.error);
        return;
      }
      if (out.status === 'sent') {
        const saved = out.data as MaterialRead;
        qc.setQueryData<MaterialRead[]>(materialsKey(activityId), (old) => [...(old ?? []).filter((m) => m.id !== saved.id), saved]);
        toast.success(saved.patrimony ? `Item ${saved.patrimony.tag} instalado no cliente.` : `${qty(saved.quantity, saved.unit)} de ${saved.product.name} registrados.`);
      } else toast.info(QUEUED_MESSAGE);
      setTag('');
      setBalance(null);
      setQuantity(null);
    } finally {
      setBusy(false);
    }
  };
  // The scanner keeps one callback while open; it calls the latest `submit`.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const onScan = useCallback((text: string) => {
    setScanning(false);
    void submitRef.current({ kind: 'patrimonio', tag: text });
  }, []);

  return (
    <Box>
      {waiting.length > 0 && (
        <List dense disablePadding aria-label="Materiais no aparelho">
          {waiting.map((r) => (
            <ListItem key={r.seq} disableGutters divider data-testid="material-pending">
              <ListItemText primary={r.label.replace(/^Material: /, '')} secondary={r.state === 'refused' ? `Recusado: ${r.error ?? ''}` : 'Pendente: salvo no aparelho'} />
              <Chip size="small" color={r.state === 'refused' ? 'error' : 'warning'} icon={<CloudOffIcon />} label={r.state === 'refused' ? 'Recusado' : 'Pendente'} />
            </ListItem>
          ))}
        </List>
      )}
      {materials.length === 0 ? (
        waiting.length === 0 && <Typography color="text.secondary">Nenhum material registrado.</Typography>
      ) : (
        <List dense disablePadding aria-label="Materiais utilizados">
          {materials.map((m) => (
            <ListItem key={m.id} disableGutters divider>
              <ListItemText
                primary={m.patrimony ? `${m.patrimony.tag} · ${m.product.name}` : `${qty(m.quantity, m.unit)} · ${m.product.name}`}
                secondary={[m.patrimony ? 'Instalado no cliente' : `Seção ${m.section?.name ?? '—'}`, m.user?.name, formatDateTime(m.created_at)].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editable && (
        <Box sx={{ mt: 1.5 }}>
          <ToggleButtonGroup exclusive size="small" value={kind} onChange={(_e, v) => v && setKind(v)} aria-label="Tipo de material" sx={{ mb: 1.5 }}>
            <ToggleButton value="patrimonio">Patrimônio</ToggleButton>
            <ToggleButton value="consumivel">Consumível</ToggleButton>
          </ToggleButtonGroup>
          {kind === 'patrimonio' ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                label="Etiqueta do item"
                value={tag}
                onChange={(e) => setTag(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && tag.trim()) void submit({ kind: 'patrimonio', tag: tag.trim() });
                }}
                helperText="Um item que está com você (ex.: PAT-000123)"
                fullWidth
              />
              <Button variant="contained" startIcon={<AddIcon />} disabled={busy || !tag.trim()} onClick={() => void submit({ kind: 'patrimonio', tag: tag.trim() })} sx={{ minHeight: 48, alignSelf: { sm: 'flex-start' } }}>
                Adicionar
              </Button>
              <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={() => setScanning(true)} sx={{ minHeight: 48, alignSelf: { sm: 'flex-start' } }}>
                Ler QR code
              </Button>
            </Stack>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Box sx={{ flex: 1 }}>
                <AsyncPicker<BalanceRead>
                  queryKey={['external_activity', 'balances']}
                  fetch={searchBalances}
                  value={balance}
                  onChange={setBalance}
                  getLabel={(b) => `${b.product.name} — ${b.section.name} (${b.stock.name}) · saldo ${qty(b.quantity, b.product.unit_of_measure)}`}
                  label="Consumível e seção"
                  helperText="Pesquise pelo produto"
                />
              </Box>
              <NumberInput label={`Quantidade${balance ? ` (${balance.product.unit_of_measure})` : ''}`} value={quantity} onChange={(v) => setQuantity(v ?? null)} sx={{ width: { xs: '100%', sm: 160 } }} />
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                disabled={busy || !balance || !quantity}
                onClick={() => void submit({ kind: 'consumivel', product_id: balance!.product.id, section_id: balance!.section.id, quantity: quantity! })}
                sx={{ minHeight: 48, alignSelf: { sm: 'flex-start' } }}
              >
                Adicionar
              </Button>
            </Stack>
          )}
          <QrScanDialog open={scanning} onClose={() => setScanning(false)} onRead={onScan} />
        </Box>
      )}
    </Box>
  );
}

/** A button that opens the phone's camera (`capture`) and hands the picture over. */
export function PhotoButton({ onPhoto, label = 'Tirar foto', disabled }: { onPhoto: (f: File) => void; label?: string; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<PhotoCameraIcon />} disabled={disabled} onClick={() => input.current?.click()} sx={{ minHeight: 48 }}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={label}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onPhoto(f);
        }}
      />
    </>
  );
}

export function Photos({ photos, pending, editable, onPhoto, onDiscard }: { photos: PhotoRead[]; pending: PendingPhoto[]; editable: boolean; onPhoto: (f: File) => void; onDiscard: (id: string) => void }) {
  const tile = (key: string, src: string, caption: ReactNode, extra?: ReactNode) => (
    <Box key={key} component="figure" sx={{ m: 0, width: { xs: 'calc(50% - 4px)', sm: 180 } }}>
      <Box component="img" src={src} alt="" sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }} />
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {caption}
      </Typography>
      {extra}
    </Box>
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {photos.map((p) => tile(`s${p.id}`, p.url, p.caption ?? formatDateTime(p.created_at)))}
        {pending.map((p) =>
          tile(
            p.id,
            p.preview,
            p.state === 'sending' ? 'Enviando…' : p.state === 'refused' ? (p.error ?? 'Recusada') : 'Não enviada: tentando de novo',
            p.state === 'sending' ? undefined : (
              <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                <Chip size="small" color={p.state === 'refused' ? 'error' : 'warning'} icon={<CloudOffIcon />} label={p.state === 'refused' ? 'Recusada' : 'Não enviada'} data-testid="photo-unsent" />
                {p.state === 'refused' && (
                  <Button size="small" onClick={() => onDiscard(p.id)}>
                    Descartar
                  </Button>
                )}
              </Box>
            ),
          ),
        )}
      </Box>
      {photos.length === 0 && pending.length === 0 && <Typography color="text.secondary">Nenhuma foto ainda.</Typography>}
      {editable && (
        <Box sx={{ mt: 1 }}>
          <PhotoButton onPhoto={onPhoto} />
        </Box>
      )}
    </Box>
  );
}

export function Signature({ activityId, editable, defaultName }: { activityId: number; editable: boolean; defaultName: string }) {
  const qc = useQueryClient();
  const saved = useQuery({ queryKey: signatureKey(activityId), queryFn: () => fetchSignature(activityId) });
  const [image, setImage] = useState<string | null>(null);
  const [name, setName] = useState(defaultName);
  const [busy, setBusy] = useState(false);
  const [again, setAgain] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const out = await saveSignature(activityId, name.trim(), image!);
      if (out.status === 'refused') {
        toast.error(out.error);
        return;
      }
      // Shown at once; while it waits on the phone, the pending list says so.
      qc.setQueryData(signatureKey(activityId), out.status === 'sent' ? out.data : { name: name.trim(), image: image!, signed_at: new Date().toISOString() });
      setAgain(false);
      setImage(null);
      if (out.status === 'sent') toast.success('Assinatura salva.');
      else toast.info(QUEUED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  const current = saved.data;
  return (
    <Box>
      {current && !again && (
        <Box>
          <Box component="img" src={current.image} alt={`Assinatura de ${current.name}`} sx={{ maxWidth: 320, width: '100%', border: '1px solid', borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
          <Typography variant="body2">
            {current.name} · {formatDateTime(current.signed_at)}
          </Typography>
          {editable && (
            <Button size="small" onClick={() => setAgain(true)}>
              Assinar de novo
            </Button>
          )}
        </Box>
      )}
      {!current && !editable && <Typography color="text.secondary">Não assinada.</Typography>}
      {editable && (!current || again) && (
        <Stack spacing={1}>
          <Alert severity="info">Peça ao cliente para assinar com o dedo e confirmar o nome.</Alert>
          <SignaturePad onChange={setImage} label="Assinatura do cliente" />
          <TextField label="Nome de quem assina" value={name} onChange={(e) => setName(e.target.value)} required error={name.trim().length > 0 && name.trim().length < 3} helperText="Nome completo" />
          <Box>
            <Button variant="contained" disabled={busy || !image || name.trim().length < 3} onClick={() => void save()} sx={{ minHeight: 48 }}>
              Salvar assinatura
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
