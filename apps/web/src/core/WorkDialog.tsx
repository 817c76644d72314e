/**
 * The dialog of a task that takes a while (an import, a test run): full screen on a phone, a close
 * button in its title, content between dividers, then `actions`. While `busy` it cannot be closed.
 */
import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogActions, DialogContent, DialogTitle, IconButton, useMediaQuery, useTheme, type SxProps, type Theme } from '@mui/material';
import { useId, type ReactNode } from 'react';

export function WorkDialog({ open, title, onClose, busy, children, actions, actionsSx }: { open: boolean; title: ReactNode; onClose: () => void; busy: boolean; children: ReactNode; actions: ReactNode; actionsSx?: SxProps<Theme> }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label="Fechar" onClick={onClose} disabled={busy} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={actionsSx}>{actions}</DialogActions>
    </Dialog>
  );
}
