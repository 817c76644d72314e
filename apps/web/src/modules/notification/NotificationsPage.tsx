import { Paper } from '@mui/material';
import { PageTitle } from '../../core/PageTitle';
import { NotificationList } from './NotificationList';

export default function NotificationsPage() {
  return (
    <>
      <PageTitle title="Notificações" />
      <Paper variant="outlined">
        <NotificationList maxHeight="calc(100vh - 220px)" />
      </Paper>
    </>
  );
}
