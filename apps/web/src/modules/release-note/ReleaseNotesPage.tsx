/** Release notes, newest first (SPEC §7, §9). Super admins create, edit and delete them. */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { releaseNoteInput, type ReleaseNoteRead } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormRichText } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { useRemove, useResourceForm } from '../../core/resource';
import { FormText, ResourceForm } from '../../core/ResourceForm';
import { fetchReleaseNotes, releaseNoteKeys } from './api';
import { releaseNoteApi } from './resource';
import { NoteContent } from './NoteContent';
import { markSeen } from './seen';
import { useSession } from '../../core/session';
import { appTimeZone } from '../../core/time-zone';

const longDate = (iso: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: appTimeZone() }).format(new Date(iso));

function NoteForm({ note, onDone }: { note: ReleaseNoteRead | null; onDone: () => void }) {
  const { user } = useSession();
  const f = useResourceForm(releaseNoteApi, note, {
    schema: releaseNoteInput,
    blank: { version: '', title: '', content: '' },
    savedTo: () => null,
    toasts: { created: 'Nota de versão publicada!' },
    // The author does not need the "what's new" dialog for their own note.
    onSaved: (saved) => {
      if (user) markSeen(user.id, saved.id);
      onDone();
    },
  });
  return (
    <ResourceForm {...f} cancelTo={undefined} guard={false} ariaLabel="Nota de versão" submitLabel="Salvar" actions={<Button color="inherit" onClick={onDone}>Cancelar</Button>}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormText name="version" label="Versão" required sx={{ maxWidth: { sm: 160 } }} autoFocus />
          <FormText name="title" label="Título" required />
        </Stack>
        <FormRichText name="content" label="Conteúdo da nota" />
      </Stack>
    </ResourceForm>
  );
}

export default function ReleaseNotesPage() {
  const { isSuperAdmin } = useCan();
  const { data, isLoading } = useQuery({ queryKey: releaseNoteKeys.all, queryFn: fetchReleaseNotes });
  const [editing, setEditing] = useState<ReleaseNoteRead | null | 'new'>(null);

  const remove = useRemove(releaseNoteApi, { title: (v) => `Excluir a nota ${v}?`, text: 'Esta ação não pode ser desfeita.' });

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageTitle
        title="Notas de versão"
        subtitle="O que mudou em cada versão do Operações"
        actions={
          isSuperAdmin && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Nova nota
            </Button>
          )
        }
      />
      {isLoading ? (
        <CircularProgress aria-label="Carregando" />
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary">Nenhuma nota de versão publicada ainda.</Typography>
      ) : (
        <Stack spacing={2}>
          {data.map((n) => (
            <Card key={n.id} variant="outlined" component="article">
              <CardContent>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ flex: 1 }}>
                    <Typography variant="h6" component="h2">
                      {n.version} · {n.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {longDate(n.created_at)}
                    </Typography>
                  </Box>
                  {isSuperAdmin && (
                    <>
                      <Tooltip title="Editar">
                        <IconButton aria-label={`Editar nota ${n.version}`} onClick={() => setEditing(n)}>
                          <EditIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Excluir">
                        <IconButton aria-label={`Excluir nota ${n.version}`} onClick={() => void remove(n.id, n.version)}>
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                </Box>
                <NoteContent html={n.content} />
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} maxWidth="md" fullWidth disableEnforceFocus>
        <DialogTitle>{editing === 'new' ? 'Nova nota de versão' : 'Editar nota de versão'}</DialogTitle>
        <DialogContent>
          {editing !== null && <NoteForm note={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </Box>
  );
}
