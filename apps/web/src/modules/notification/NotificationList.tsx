/** The notification list (bell popover and /notifications): infinite pages, mark read, unread filter. */
import DoneAllIcon from '@mui/icons-material/DoneAll';
import {
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Switch,
  Typography,
} from '@mui/material';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationRead } from '@operacoes/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { applyRead, fetchNotifications, markAllRead, markRead, nextPageParam, notificationKeys } from './api';
import { formatDateTime } from '../../core/format';


export function NotificationList({ maxHeight, onNavigate }: { maxHeight?: number | string; onNavigate?: () => void }) {
  const [onlyUnread, setOnlyUnread] = useState(false);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useInfiniteQuery({
    queryKey: notificationKeys.list(onlyUnread),
    queryFn: ({ pageParam }) => fetchNotifications(pageParam, onlyUnread),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];

  const open = async (n: NotificationRead) => {
    if (!n.is_read && n.id > 0) {
      try {
        await markRead(n.id);
        applyRead(qc, [n.id]);
      } catch {
        /* toast shown */
      }
    }
    if (n.link && n.link.startsWith('/')) {
      onNavigate?.();
      navigate(n.link);
    }
  };

  const readAll = async () => {
    try {
      await markAllRead();
      applyRead(qc, 'all');
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
    } catch {
      /* toast shown */
    }
  };

  const onScroll = (e: React.UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40 && q.hasNextPage && !q.isFetchingNextPage) {
      void q.fetchNextPage();
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Switch size="small" checked={onlyUnread} onChange={(e) => setOnlyUnread(e.target.checked)} />}
          label="Somente não lidas"
          sx={{ flex: 1, mr: 0 }}
        />
        <Button size="small" startIcon={<DoneAllIcon />} onClick={readAll}>
          Marcar todas como lidas
        </Button>
      </Box>
      <Box sx={{ maxHeight, overflowY: 'auto' }} onScroll={onScroll} data-testid="notification-list">
        {q.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} aria-label="Carregando notificações" />
          </Box>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {onlyUnread ? 'Nenhuma notificação não lida.' : 'Nenhuma notificação.'}
          </Typography>
        ) : (
          <List dense disablePadding>
            {items.map((n) => (
              <ListItem key={n.id} disablePadding>
              <ListItemButton
                onClick={() => void open(n)}
                divider
                sx={{ alignItems: 'flex-start', bgcolor: n.is_read ? undefined : 'action.hover' }}
                data-unread={!n.is_read}
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                      <Box component="span" sx={{ flex: 1, fontWeight: n.is_read ? 400 : 700 }}>
                        {n.title}
                      </Box>
                      {!n.is_read && (
                        <Box component="span" sx={{ fontSize: 11, color: 'primary.main' }}>
                          não lida
                        </Box>
                      )}
                    </Box>
                  }
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
                        {n.message}
                      </Box>
                      <Box component="span" sx={{ fontSize: 11 }}>
                        {formatDateTime(n.created_at)}
                      </Box>
                    </>
                  }
                />
              </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {q.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
            <Button size="small" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
              Carregar mais
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
