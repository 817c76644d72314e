/**
 * Photos on their way to the server: each is resized first, then sent; one that fails stays on the
 * screen as "não enviada" and is retried every few seconds and when the connection comes back.
 */
import type { PhotoRead } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';
import { answersKey, photosKey, uploadPhoto } from '../api';
import { resizeImage } from './resizeImage';

export type PendingPhoto = { id: string; blob: Blob; preview: string; itemKey?: string; state: 'sending' | 'unsent' | 'refused'; error?: string };
const RETRY_MS = 5000;
let seq = 0;

export function usePhotoUploads(activityId: number) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const latest = useRef(pending);
  latest.current = pending;

  const send = useCallback(
    async (p: PendingPhoto) => {
      setPending((list) => list.map((x) => (x.id === p.id ? { ...x, state: 'sending' } : x)));
      try {
        const saved = await uploadPhoto(activityId, p.blob, { item_key: p.itemKey });
        qc.setQueryData<PhotoRead[]>(photosKey(activityId), (old) => [...(old ?? []), saved]);
        if (p.itemKey) void qc.invalidateQueries({ queryKey: answersKey(activityId) });
        setPending((list) => list.filter((x) => x.id !== p.id));
        URL.revokeObjectURL(p.preview);
      } catch (err) {
        const status = isAxiosError(err) ? err.response?.status : undefined;
        const refused = status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
        const error = refused && isAxiosError(err) ? ((err.response?.data as { message?: string } | undefined)?.message ?? 'Foto recusada') : undefined;
        setPending((list) => list.map((x) => (x.id === p.id ? { ...x, state: refused ? 'refused' : 'unsent', error } : x)));
      }
    },
    [activityId, qc],
  );

  useEffect(() => {
    const retry = () => latest.current.filter((p) => p.state === 'unsent').forEach((p) => void send(p));
    const timer = setInterval(retry, RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [send]);

  const add = useCallback(
    async (file: File, itemKey?: string) => {
      const blob = await resizeImage(file).catch(() => file);
      const p: PendingPhoto = { id: `p${++seq}`, blob, preview: URL.createObjectURL(blob), itemKey, state: 'sending' };
      setPending((list) => [...list, p]);
      await send(p);
    },
    [send],
  );
  const discard = (id: string) => setPending((list) => list.filter((x) => x.id !== id));
  return { pending, add, discard };
}
