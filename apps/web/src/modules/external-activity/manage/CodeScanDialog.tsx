/**
 * Reads a label with the phone's back camera: a QR code or a barcode (Code 128, EAN), through
 * `scanner.ts` (the browser's BarcodeDetector, or ZXing in WebAssembly loaded on first use); answers
 * the text it holds.
 */
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { type CodeFormat, LABEL_FORMATS, codeDetector } from './scanner';

export function CodeScanDialog({
  open,
  title = 'Ler a etiqueta',
  hint = 'Aponte a câmera para o QR code ou o código de barras da etiqueta.',
  formats = LABEL_FORMATS,
  onClose,
  onRead,
}: {
  open: boolean;
  title?: string;
  hint?: string;
  formats?: CodeFormat[];
  onClose: () => void;
  onRead: (text: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const key = formats.join(',');
  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setError('Não foi possível abrir a câmera. Verifique a permissão do navegador ou digite o código.');
        return;
      }
      let detector: Awaited<ReturnType<typeof codeDetector>>;
      try {
        detector = await codeDetector(key.split(',') as CodeFormat[]);
      } catch {
        setError('Não foi possível carregar o leitor de códigos neste aparelho. Digite o código.');
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setReady(true);
      const tick = async () => {
        const v = video.current;
        if (stopped || !v) return;
        if (v.videoWidth > 0) {
          const found = await detector.detect(v).catch(() => []);
          const text = found.find((c) => c.rawValue)?.rawValue;
          if (text && !stopped) return onRead(text);
        }
        timer = setTimeout(() => void tick(), 200);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      setError(null);
      setReady(false);
    };
  }, [open, onRead, key]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="warning">{error}</Alert>
        ) : (
          <>
            <Box sx={{ position: 'relative' }}>
              <Box component="video" ref={video} muted playsInline sx={{ width: '100%', borderRadius: 1, bgcolor: 'black', aspectRatio: '4 / 3', display: 'block' }} />
              {!ready && <CircularProgress size={32} sx={{ position: 'absolute', top: 'calc(50% - 16px)', left: 'calc(50% - 16px)' }} aria-label="Abrindo a câmera" />}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {hint}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
