/**
 * A touch-friendly signature pad: draw with a finger, pen or mouse (pointer events); the strokes
 * are kept in relative coordinates so a rotation or resize redraws them; `onChange` receives a PNG
 * data URL (or null when cleared).
 */
import { Box, Button, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';

type Point = { x: number; y: number };
const HEIGHT = 170;
/** The API accepts up to 300,000 characters; a signature is far smaller, but stay safe. */
const MAX_DATA_URL = 290_000;

export function SignaturePad({ onChange, disabled, label = 'Assinatura (opcional)' }: { onChange: (dataUrl: string | null) => void; disabled?: boolean; label?: string }) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<Point[] | null>(null);
  const [empty, setEmpty] = useState(true);

  const redraw = useCallback(() => {
    const c = canvas.current;
    if (!c) return;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const w = c.width;
    const h = c.height;
    const scale = w / (c.clientWidth || 1);
    ctx.clearRect(0, 0, w, h);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
    ctx.lineWidth = 2.2 * scale;
    for (const s of [...strokes.current, ...(drawing.current ? [drawing.current] : [])]) {
      if (s.length === 0) continue;
      ctx.beginPath();
      ctx.moveTo(s[0].x * w, s[0].y * h);
      if (s.length === 1) ctx.lineTo(s[0].x * w + 0.1, s[0].y * h + 0.1);
      for (const p of s.slice(1)) ctx.lineTo(p.x * w, p.y * h);
      ctx.stroke();
    }
  }, []);

  // Canvas pixels follow its CSS size (at most 2× for sharpness without a huge PNG).
  useEffect(() => {
    const c = canvas.current;
    const box = wrap.current;
    if (!c || !box) return;
    const fit = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      c.width = Math.max(1, Math.round(c.clientWidth * dpr));
      c.height = Math.round(HEIGHT * dpr);
      redraw();
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(box);
    return () => ro.disconnect();
  }, [redraw]);

  const pointOf = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)), y: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)) };
  };

  const exportPng = () => {
    const c = canvas.current;
    if (!c || strokes.current.length === 0) return null;
    let url = c.toDataURL('image/png');
    if (url.length > MAX_DATA_URL) {
      // Very dense drawing on a large screen: export at CSS size instead.
      const small = document.createElement('canvas');
      small.width = c.clientWidth;
      small.height = HEIGHT;
      small.getContext('2d')?.drawImage(c, 0, 0, small.width, small.height);
      url = small.toDataURL('image/png');
    }
    return url.length > MAX_DATA_URL ? null : url;
  };

  const end = () => {
    if (!drawing.current) return;
    strokes.current.push(drawing.current);
    drawing.current = null;
    redraw();
    setEmpty(false);
    onChange(exportPng());
  };

  const clear = () => {
    strokes.current = [];
    drawing.current = null;
    redraw();
    setEmpty(true);
    onChange(null);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} id="signature-label">
          {label}
        </Typography>
        <Button size="small" onClick={clear} disabled={disabled || empty}>
          Limpar assinatura
        </Button>
      </Box>
      <Box
        ref={wrap}
        sx={{
          position: 'relative',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          height: HEIGHT,
          overflow: 'hidden',
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-labelledby="signature-label"
          data-empty={empty ? 'true' : 'false'}
          style={{ width: '100%', height: HEIGHT, display: 'block', touchAction: 'none', cursor: disabled ? 'default' : 'crosshair' }}
          onPointerDown={(e) => {
            if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
            e.preventDefault();
            e.currentTarget.setPointerCapture(e.pointerId);
            drawing.current = [pointOf(e)];
            redraw();
          }}
          onPointerMove={(e) => {
            if (!drawing.current) return;
            e.preventDefault();
            const events = typeof e.nativeEvent.getCoalescedEvents === 'function' ? e.nativeEvent.getCoalescedEvents() : [];
            if (events.length > 1) {
              const r = e.currentTarget.getBoundingClientRect();
              for (const ce of events) drawing.current.push({ x: (ce.clientX - r.left) / r.width, y: (ce.clientY - r.top) / r.height });
            } else drawing.current.push(pointOf(e));
            redraw();
          }}
          onPointerUp={end}
          onPointerCancel={end}
          onPointerLeave={(e) => {
            if (!e.currentTarget.hasPointerCapture(e.pointerId)) end();
          }}
        />
        {empty && (
          <Typography
            variant="body2"
            sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#888', pointerEvents: 'none', userSelect: 'none' }}
          >
            Assine aqui com o dedo ou o mouse
          </Typography>
        )}
        <Box sx={{ position: 'absolute', left: 16, right: 16, bottom: 36, borderBottom: '1px dashed #bbb', pointerEvents: 'none' }} />
      </Box>
    </Box>
  );
}
