/**
 * Photos of the order: each is made smaller on the phone (long side ≤ 2,560 px, JPEG), then
 * written to the queue of on-site records (core/offline/queue.ts) and sent from there — kept on
 * the phone without signal, across reloads. The unsent ones show from the queue with their state.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { discardRecord, QUEUED_MESSAGE, useOfflineQueue } from '../../../core/offline/queue';
import { toast } from '../../../core/toast';
import { answersKey, photosKey, recordOnSite } from '../api';
import { resizeImage } from './resizeImage';

export type PendingPhoto = { id: string; seq: number; preview: string; itemKey?: string; state: 'sending' | 'unsent' | 'refused'; error?: string };
/** The long side a photo is sent with at most (a day of photos fits on the phone and the upload stays small). */
export const PHOTO_MAX_PX = 2560;

export function usePhotoUploads(activityId: number) {
  const qc = useQueryClient();
  const { records, sending } = useOfflineQueue();
  const previews = useRef(new Map<number, string>());
  const mine = useMemo(() => records.filter((r) => r.kind === 'photo' && r.activityId === activityId && r.photo), [records, activityId]);
  const pending = useMemo<PendingPhoto[]>(
    () =>
      mine.map((r) => {
        let preview = previews.current.get(r.seq!);
        if (!preview) previews.current.set(r.seq!, (preview = URL.createObjectURL(r.photo!.blob)));
        return { id: `q${r.seq}`, seq: r.seq!, preview, itemKey: r.photo!.item_key, state: r.state === 'refused' ? 'refused' : sending ? 'sending' : 'unsent', error: r.error };
      }),
    [mine, sending],
  );
  // Previews of photos no longer waiting are released.
  useEffect(() => {
    const live = new Set(mine.map((r) => r.seq!));
    for (const [seq, url] of previews.current) {
      if (live.has(seq)) continue;
      URL.revokeObjectURL(url);
      previews.current.delete(seq);
    }
  }, [mine]);

  const add = async (file: File, itemKey?: string) => {
    const blob = await resizeImage(file, PHOTO_MAX_PX).catch(() => file);
    const out = await recordOnSite(activityId, 'photo', itemKey ? 'Foto do checklist' : 'Foto', 'POST', '/photos', undefined, { photo: { blob, item_key: itemKey } });
    if (out.status === 'sent') {
      void qc.invalidateQueries({ queryKey: photosKey(activityId) });
      if (itemKey) void qc.invalidateQueries({ queryKey: answersKey(activityId) });
    } else if (out.status === 'queued') toast.info(QUEUED_MESSAGE);
    else toast.error(out.error);
  };
  const discard = (id: string) => {
    const p = pending.find((x) => x.id === id);
    if (p) void discardRecord(p.seq);
  };
  return { pending, add, discard };
}
