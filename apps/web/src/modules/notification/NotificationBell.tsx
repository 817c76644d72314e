/** Top-bar bell: unread count badge and the notification list in a popover. */
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchUnreadCount, notificationKeys } from './api';
import { NotificationList } from './NotificationList';

export default function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const { data: unread = 0 } = useQuery({ queryKey: notificationKeys.unread, queryFn: fetchUnreadCount, staleTime: 60_000 });
  // The name holds the count as the badge shows it ("99+"), so what is seen is what is said.
  const shown = unread > 99 ? '99+' : String(unread);
  const label = unread > 0 ? `${shown} ${unread === 1 ? 'notificação não lida' : 'notificações não lidas'}` : 'Notificações';

  const openBell = (el: HTMLElement) => {
    setAnchor(el);
    // Ask for desktop notifications on a user gesture (SPEC §7).
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
      void Notification.requestPermission().catch(() => {});
    }
  };

  return (
    <>
      <Tooltip title="Notificações">
        <IconButton onClick={(e) => openBell(e.currentTarget)} aria-label={label} aria-haspopup="dialog" data-testid="notification-bell">
          <Badge
            // No count at all when nothing is unread: the hidden badge kept a "0" inside the button, text its name lacked.
            badgeContent={unread > 0 ? shown : undefined}
            color="error"
            data-testid="notification-badge"
            // error.main on white text is below AA contrast for this small count; the dark shade passes.
            sx={{ '& .MuiBadge-badge': { bgcolor: 'error.dark', color: '#fff' } }}
            slotProps={{ badge: { 'aria-hidden': true } as object }}
          >
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: 400 }, maxWidth: 400 }, role: 'dialog', 'aria-label': 'Notificações' } as object }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
          Notificações
        </Typography>
        <NotificationList maxHeight={420} onNavigate={() => setAnchor(null)} />
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button
            size="small"
            onClick={() => {
              setAnchor(null);
              navigate('/notifications');
            }}
          >
            Ver todas
          </Button>
        </Box>
      </Popover>
    </>
  );
}
