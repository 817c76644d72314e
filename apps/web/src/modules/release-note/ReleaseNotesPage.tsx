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
  FormHelperText,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { releaseNoteInput, type ReleaseNoteRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Controller } from 'react-hook-form';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { confirmAction, toast } from '../../core/toast';
import { createReleaseNote, deleteReleaseNote, fetchReleaseNotes, releaseNoteKeys, updateReleaseNote } from './api';
import { NoteContent } from './NoteContent';
import { markSeen } from './seen';
import { useSession } from '../../core/session';

const RichTextEditor = lazy(() => import('../../core/RichTextEditor'));
const dateFmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' });

function NoteForm({ note, onDone }: { note: ReleaseNoteRead | null; onDone: () => void }) {
  const qc = useQueryClient();
  const { user } = useSession();
  const form = useSchemaForm(releaseNoteInput, {
    version: note?.version ?? '',
    title: note?.title ?? '',
    content: note?.content ?? '',
  });
  return (
    <ResourceForm
      form={form}
      guard={false}
      ariaLabel="Nota de versão"
      onSubmit={async (v) => (note ? updateReleaseNote(note.id, v) : createReleaseNote(v))}
      onSuccess={(r) => {
        // The author does not need the "what's new" dialog for their own note.
        const saved = (r as { data?: ReleaseNoteRead })?.data;
        if (user && saved?.id) markSeen(user.id, saved.id);
        toast.success(note ? 'Nota de versão atualizada!' : 'Nota de versão publicada!');
        void qc.invalidateQueries({ queryKey: releaseNoteKeys.all });
        onDone();
      }}
      actions={
        <Button color="inherit" onClick={onDone}>
          Cancelar
        </Button>
      }
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormText name="version" label="Versão" required sx={{ maxWidth: { sm: 160 } }} autoFocus />
          <FormText name="title" label="Título" required />
        </Stack>
        <Controller
          control={form.control}
          name="content"
          render={({ field, fieldState }) => (
            <Box>
              <Suspense fallback={<CircularProgress aria-label="Carregando editor" />}>
                <RichTextEditor value={field.value ?? ''} onChange={field.onChange} label="Conteúdo da nota" />
              </Suspense>
              {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </Box>
          )}
        />
      </Stack>
    </ResourceForm>
  );
}

export default function ReleaseNotesPage() {
  const { isSuperAdmin } = useCan();
  const qc = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: releaseNoteKeys.all, queryFn: fetchReleaseNotes });
  const [editing, setEditing] = useState<ReleaseNoteRead | null | 'new'>(null);

  const remove = async (n: ReleaseNoteRead) => {
    if (!(await confirmAction({ title: `Excluir a nota ${n.version}?`, text: 'Esta ação não pode ser desfeita.', confirmText: 'Excluir' })))
      return;
    try {
      await deleteReleaseNote(n.id);
      toast.success('Nota de versão excluída!');
      void qc.invalidateQueries({ queryKey: releaseNoteKeys.all });
    } catch {
      /* toast shown */
    }
  };

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
                      {dateFmt.format(new Date(n.created_at))}
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
                        <IconButton aria-label={`Excluir nota ${n.version}`} onClick={() => void remove(n)}>
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
