/** /settings: personal preferences, applied at once, saved locally and on the server (SPEC §3). */
import {
  Box,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { PageTitle } from '../../core/PageTitle';
import { useSession } from '../../core/session';
import type { TableLayout } from '../../core/storage';

const LAYOUTS: { value: TableLayout; label: string }[] = [
  { value: 'standart', label: 'Padrão' },
  { value: 'compact', label: 'Compacto' },
  { value: 'comfortable', label: 'Confortável' },
];
const PAGE_SIZES = [5, 10, 25, 50, 100];

export default function SettingsPage() {
  const { prefs, setPrefs } = useSession();
  const [perm, setPerm] = useState(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle title="Configurações" subtitle="Suas preferências são salvas automaticamente" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Aparência
          </Typography>
          <FormControlLabel
            control={<Switch checked={prefs.darkTheme} onChange={(e) => setPrefs({ darkTheme: e.target.checked })} />}
            label="Tema escuro"
          />
          <FormControlLabel
            control={<Switch checked={prefs.sandwichMenuOpen} onChange={(e) => setPrefs({ sandwichMenuOpen: e.target.checked })} />}
            label="Menu lateral aberto"
          />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, pt: 1 }}>
            Tabelas
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Layout das tabelas"
              value={prefs.tableLayout}
              onChange={(e) => setPrefs({ tableLayout: e.target.value as TableLayout })}
            >
              {LAYOUTS.map((l) => (
                <MenuItem key={l.value} value={l.value}>
                  {l.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Registros por página"
              value={prefs.pageSize}
              onChange={(e) => setPrefs({ pageSize: Number(e.target.value) })}
            >
              {PAGE_SIZES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, pt: 1 }}>
            Notificações
          </Typography>
          <FormControlLabel
            control={<Switch checked={prefs.emailNotification} onChange={(e) => setPrefs({ emailNotification: e.target.checked })} />}
            label="Receber notificações por e-mail"
          />
          <FormControlLabel
            control={
              <Switch
                checked={prefs.appNotification}
                onChange={(e) => {
                  setPrefs({ appNotification: e.target.checked });
                  if (e.target.checked && typeof Notification !== 'undefined' && Notification.permission === 'default') {
                    void Notification.requestPermission().then(setPerm);
                  }
                }}
              />
            }
            label="Avisos no aplicativo (alerta na tela, notificação da área de trabalho e som)"
          />
          <Typography variant="body2" color="text.secondary">
            Notificações da área de trabalho:{' '}
            {perm === 'granted'
              ? 'permitidas'
              : perm === 'denied'
                ? 'bloqueadas pelo navegador'
                : perm === 'unsupported'
                  ? 'não suportadas neste navegador'
                  : 'ainda não autorizadas'}
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
