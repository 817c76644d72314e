/** Shows the release notes published since the user's last look, once. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../core/session';
import { fetchReleaseNotes, releaseNoteKeys } from './api';
import { markSeen, shouldShowWhatsNew } from './seen';
import { NoteContent } from './NoteContent';

export default function WhatsNewDialog() {
  const { user } = useSession();
  const { data } = useQuery({ queryKey: releaseNoteKeys.all, queryFn: fetchReleaseNotes, enabled: !!user, staleTime: 300_000 });
  const [open, setOpen] = useState(false);
  const [since, setSince] = useState(0);
  const newest = data?.[0];

  useEffect(() => {
    if (!user || !data) return;
    const raw = localStorage.getItem('releaseNotesSeen');
    const prev = raw ? (JSON.parse(raw)?.[String(user.id)] as number | undefined) : undefined;
    if (shouldShowWhatsNew(user.id, newest?.id)) {
      setSince(prev ?? 0);
      setOpen(true);
    }
  }, [user, data, newest?.id]);

  if (!user || !newest) return null;
  const fresh = (data ?? []).filter((n) => n.id > since).slice(0, 5);
  const close = () => {
    markSeen(user.id, newest.id);
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="whats-new-title">
      <DialogTitle id="whats-new-title">Novidades da versão {newest.version}</DialogTitle>
      <DialogContent dividers>
        {fresh.map((n, i) => (
          <div key={n.id}>
            {i > 0 && <Divider sx={{ my: 2 }} />}
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {n.version} · {n.title}
            </Typography>
            <NoteContent html={n.content} />
          </div>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained" autoFocus>
          Entendi
        </Button>
      </DialogActions>
    </Dialog>
  );
}
