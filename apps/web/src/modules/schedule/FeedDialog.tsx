/** The personal iCalendar link: made (or renewed) here, shown once, revocable. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../core/format';
import { confirmAction, toast } from '../../core/toast';
import { feedKey, fetchFeed, renewFeed, revokeFeed } from './api';

export function FeedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const status = useQuery({ queryKey: feedKey, queryFn: fetchFeed, enabled: open });
  const [url, setUrl] = useState<string | null>(null);
  const renew = useMutation({
    mutationFn: renewFeed,
    onSuccess: (r) => {
      setUrl(r.url);
      void qc.invalidateQueries({ queryKey: feedKey });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeFeed,
    onSuccess: () => {
      setUrl(null);
      toast.success('Link revogado');
      void qc.invalidateQueries({ queryKey: feedKey });
    },
  });
  const active = status.data?.active;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Assinar a agenda no celular</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            Um link pessoal (iCalendar) com os eventos de que você participa e as suas atividades externas, de 30 dias atrás a 6 meses à frente. Adicione-o no Google Agenda
            (“Outras agendas → Do URL”) ou no iPhone (Ajustes → Calendário → Contas → Adicionar calendário assinado).
          </Typography>
          <Alert severity="warning">Quem tiver o link vê a sua agenda: não o compartilhe. Gerar um novo link desativa o anterior.</Alert>
          <Typography variant="body2" color="text.secondary">
            Sair do sistema não desativa o link (a assinatura do celular continua valendo, como em outros calendários). Ele deixa de funcionar quando você o revoga, gera
            outro, troca a sua senha, perde o acesso à agenda ou tem o usuário desativado.
          </Typography>
          {url ? (
            <TextField
              label="Seu link (copie agora: ele não é mostrado de novo)"
              value={url}
              fullWidth
              slotProps={{
                input: {
                  readOnly: true,
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton aria-label="Copiar link" onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success('Link copiado'))}>
                        <ContentCopyIcon />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
              onFocus={(e) => e.target.select()}
            />
          ) : (
            <Typography color="text.secondary">{status.isLoading ? 'Carregando…' : active ? `Link ativo desde ${formatDateTime(status.data!.created_at)}.` : 'Você ainda não tem um link.'}</Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {active && (
          <Button
            color="error"
            onClick={() => void confirmAction({ title: 'Revogar o link?', text: 'Os calendários que o assinam deixam de receber a agenda.', confirmText: 'Revogar' }).then((ok) => ok && revoke.mutate())}
          >
            Revogar
          </Button>
        )}
        <Button onClick={onClose}>Fechar</Button>
        <Button variant="contained" loading={renew.isPending} onClick={() => renew.mutate()}>
          {active ? 'Gerar novo link' : 'Gerar link'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
