/** The organization's logo: preview, pick a PNG/JPEG/WebP up to 2 MB (uploaded at once when the organization exists). */
import BusinessIcon from '@mui/icons-material/Business';
import UploadIcon from '@mui/icons-material/Upload';
import { Avatar, Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../core/toast';

const KINDS = ['image/png', 'image/jpeg', 'image/webp'];
const MAX = 2 * 1024 * 1024;

export function LogoField({
  current,
  name,
  disabled,
  onPick,
}: {
  current: string | null;
  name: string;
  disabled?: boolean;
  /** Called with a valid file; resolves when it was stored (or kept for later). */
  onPick: (file: File) => Promise<void> | void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!KINDS.includes(file.type)) return toast.error('Use uma imagem PNG, JPEG ou WebP.');
    if (file.size > MAX) return toast.error('A imagem deve ter no máximo 2 MB.');
    const url = URL.createObjectURL(file);
    setBusy(true);
    try {
      await onPick(file);
      setPreview(url);
    } catch {
      URL.revokeObjectURL(url);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        variant="rounded"
        src={preview ?? current ?? undefined}
        alt={preview || current ? `Logotipo de ${name}` : ''}
        sx={{ width: 88, height: 88, bgcolor: 'action.hover', color: 'text.secondary', '& img': { objectFit: 'contain' } }}
      >
        <BusinessIcon fontSize="large" />
      </Avatar>
      <Box>
        <input ref={input} type="file" accept={KINDS.join(',')} hidden onChange={(e) => void pick(e.target.files?.[0])} aria-label="Arquivo do logotipo" />
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()} disabled={disabled} loading={busy}>
          {preview || current ? 'Trocar logotipo' : 'Enviar logotipo'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          PNG, JPEG ou WebP, até 2 MB.
        </Typography>
      </Box>
    </Box>
  );
}
