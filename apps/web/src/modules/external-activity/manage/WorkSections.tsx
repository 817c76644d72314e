/**
 * The manage screen's on-site records: materials used (the items in the technician's hands and van
 * offered first, an ONU's or router's serial and MAC typed or read from its label; consumables from
 * their van first), photos, and the client's signature.
 */
import AddIcon from '@mui/icons-material/Add';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Box, Button, Chip, IconButton, InputAdornment, List, ListItem, ListItemText, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { type BalanceRead, type MaterialRead, type PhotoRead, macAddress } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { AsyncPicker, NumberInput } from '../../../core/form';
import { formatDecimal } from '../../../core/number';
import { SignaturePad } from '../../../core/SignaturePad';
import { QUEUED_MESSAGE, useOfflineQueue } from '../../../core/offline/queue';
import { toast } from '../../../core/toast';
import { addMaterial, carriedKey, fetchCarriedItems, fetchSignature, materialsKey, saveSignature, searchBalances, signatureKey } from '../api';
import { formatDateTime } from '../parts';
import { CodeScanDialog } from './CodeScanDialog';
import { macFromLabel, serialFromLabel } from './scanner';
import type { PendingPhoto } from './usePhotoUploads';

const qty = (n: number, unit: string) => `${formatDecimal(n, {})} ${unit}`;

type Scanning = 'tag' | 'serial' | 'mac' | null;
const SCAN_TITLES: Record<Exclude<Scanning, null>, string> = { tag: 'Ler a etiqueta do item', serial: 'Ler o número de série', mac: 'Ler o MAC' };
const SCAN_BUTTONS: Record<Exclude<Scanning, null>, string> = { tag: 'Ler a etiqueta com a câmera', serial: 'Ler o número de série com a câmera', mac: 'Ler o MAC com a câmera' };

/** A text field with a button that reads its value from a label with the camera. */
function ScannableField({ label, scanLabel, value, onChange, onScan, helperText, error, onEnter }: { label: string; scanLabel: string; value: string; onChange: (v: string) => void; onScan: () => void; helperText?: string; error?: boolean; onEnter?: () => void }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && onEnter) onEnter();
      }}
      helperText={helperText}
      error={error}
      fullWidth
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={scanLabel} onClick={onScan} edge="end" sx={{ width: 48, height: 48 }}>
                <QrCodeScannerIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function Materials({ activityId, materials, editable }: { activityId: number; materials: MaterialRead[]; editable: boolean }) {
  const qc = useQueryClient();
  const [kind, setKind] = useState<'patrimonio' | 'consumivel'>('patrimonio');
  const [tag, setTag] = useState('');
  const [serial, setSerial] = useState('');
  const [mac, setMac] = useState('');
  const [balance, setBalance] = useState<BalanceRead | null>(null);
  const [quantity, setQuantity] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState<Scanning>(null);
  // The van and the items in hand: offered first, read from the phone's copy without signal.
  const carried = useQuery({ queryKey: carriedKey, queryFn: fetchCarriedItems, enabled: editable });
  const van = carried.data?.van ?? null;

  const { records } = useOfflineQueue();
  const waiting = records.filter((r) => r.kind === 'material' && r.activityId === activityId);
  /** Items already installed here or waiting on the phone are not offered again. */
  const used = new Set([...materials.map((m) => m.patrimony?.tag), ...waiting.map((r) => (r.body as { tag?: string } | undefined)?.tag)].filter(Boolean));
  const inHand = [...(carried.data?.held ?? []).map((i) => ({ ...i, where: 'com você' })), ...(van?.items ?? []).map((i) => ({ ...i, where: 'na van' }))].filter((i) => !used.has(i.tag));
  const macError = mac.trim() && !macAddress.safeParse(mac).success ? 'MAC inválido (ex.: 4C:5E:0C:12:34:56)' : undefined;

  const submit = async (body: Parameters<typeof addMaterial>[1]) => {
    setBusy(true);
    try {
      const where = (b: BalanceRead) => (b.section.id === van?.id ? 'minha van' : b.section.name);
      const label = body.kind === 'patrimonio' ? `Material: ${body.tag}` : `Material: ${qty(body.quantity, balance?.product.unit_of_measure ?? '')} de ${balance?.product.name ?? 'consumível'} (${balance ? where(balance) : ''})`;
      // Written to the phone's queue first; sent now when there is signal.
      const out = await addMaterial(activityId, body, label);
      if (out.status === 'refused') {
        toast.error(out.error);
        return;
      }
      if (out.status === 'sent') {
        const saved = out.data as MaterialRead;
        qc.setQueryData<MaterialRead[]>(materialsKey(activityId), (old) => [...(old ?? []).filter((m) => m.id !== saved.id), saved]);
        void qc.invalidateQueries({ queryKey: carriedKey });
        toast.success(saved.patrimony ? `Item ${saved.patrimony.tag} instalado no cliente.` : `${qty(saved.quantity, saved.unit)} de ${saved.product.name} registrados.`);
      } else toast.info(QUEUED_MESSAGE);
      setTag('');
      setSerial('');
      setMac('');
      setBalance(null);
      setQuantity(null);
    } finally {
      setBusy(false);
    }
  };
  const addItem = () => {
    if (!tag.trim() || macError) return;
    void submit({ kind: 'patrimonio', tag: tag.trim(), serial: serial.trim() || null, mac: mac.trim() || null });
  };
  // The scanner keeps one callback while open; it reads which field it fills from a ref.
  const target = useRef<Scanning>(null);
  target.current = scanning;
  const onScan = useCallback((text: string) => {
    const field = target.current;
    setScanning(null);
    if (field === 'tag') setTag(text.trim());
    else if (field === 'serial') setSerial(serialFromLabel(text));
    else if (field === 'mac') setMac(macFromLabel(text) ?? text.trim());
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
                secondary={[
                  m.patrimony ? 'Instalado no cliente' : `Seção ${m.section?.name ?? '—'}`,
                  m.patrimony?.serial ? `S/N ${m.patrimony.serial}` : null,
                  m.patrimony?.mac ? `MAC ${m.patrimony.mac}` : null,
                  m.user?.name,
                  formatDateTime(m.created_at),
                ]
                  .filter(Boolean)
                  .join(' · ')}
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
            <Stack spacing={1}>
              {inHand.length > 0 && (
                <Box role="group" aria-label="Itens com você" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {inHand.map((i) => (
                    <Chip
                      key={i.id}
                      label={`${i.tag} · ${i.product.name} (${i.where})`}
                      color={tag === i.tag ? 'primary' : 'default'}
                      variant={tag === i.tag ? 'filled' : 'outlined'}
                      onClick={() => {
                        setTag(i.tag);
                        setSerial(i.serial ?? '');
                        setMac(i.mac ?? '');
                      }}
                      sx={{ minHeight: 40 }}
                    />
                  ))}
                </Box>
              )}
              <ScannableField label="Etiqueta do item" value={tag} onChange={setTag} scanLabel={SCAN_BUTTONS.tag} onScan={() => setScanning('tag')} onEnter={addItem} helperText="Um item que está com você ou na sua van (ex.: PAT-000123)" />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <ScannableField label="Nº de série (opcional)" value={serial} onChange={setSerial} scanLabel={SCAN_BUTTONS.serial} onScan={() => setScanning('serial')} helperText="Da etiqueta da ONU ou do roteador" />
                <ScannableField label="MAC (opcional)" value={mac} onChange={setMac} scanLabel={SCAN_BUTTONS.mac} onScan={() => setScanning('mac')} error={!!macError} helperText={macError ?? 'Ex.: 4C:5E:0C:12:34:56'} />
              </Stack>
              <Box>
                <Button variant="contained" startIcon={<AddIcon />} disabled={busy || !tag.trim() || !!macError} onClick={addItem} sx={{ minHeight: 48 }}>
                  Adicionar
                </Button>
              </Box>
            </Stack>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Box sx={{ flex: 1 }}>
                <AsyncPicker<BalanceRead>
                  queryKey={['external_activity', 'balances', van?.id ?? 0]}
                  fetch={(term) => searchBalances(term, van)}
                  value={balance}
                  onChange={setBalance}
                  getLabel={(b) => `${b.product.name} — ${b.section.id === van?.id ? 'minha van' : `${b.section.name} (${b.stock.name})`} · saldo ${qty(b.quantity, b.product.unit_of_measure)}`}
                  label="Consumível e seção"
                  helperText={van ? 'Os da sua van primeiro; pesquise pelo produto' : 'Pesquise pelo produto'}
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
          <CodeScanDialog open={scanning !== null} title={scanning ? SCAN_TITLES[scanning] : undefined} onClose={() => setScanning(null)} onRead={onScan} />
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
