/**
 * Create or edit a page with the rich text editor. An edit sends the version it started from
 * (`base_version`); when someone saved in between the server answers 409 with the page as it
 * is now: the user's text stays in the editor, the current version shows beside it to copy
 * from, and the next save goes over that version (never a silent overwrite, never a lost text).
 */
import { Alert, Box, Button, InputAdornment, Paper, Stack, Typography } from '@mui/material';
import { WIKI_MAX_DEPTH, wikiBody, wikiPageCreate, wikiSlug, wikiTitle, type WikiPage, type WikiPageView } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormRichText } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { confirmAction, toast } from '../../core/toast';
import { createPage, fetchTree, invalidateWiki, messageOf, staleConflictOf, updatePage, uploadFile, wikiHref, wikiKeys } from './api';
import { byWhen, WikiBody, WikiBreadcrumbs } from './parts';

const editSchema = z.object({ title: wikiTitle, body: wikiBody });

const BODY_HINT =
  'Para ligar outra página, use o botão de link (lista "Páginas") ou escreva [[caminho]], por exemplo [[redes/mikrotik]] ou [[redes/mikrotik|texto do link]]. ' +
  'Imagens: cole, arraste ou use o botão de imagem (PNG, JPEG ou WebP); PDFs pelo botão de link ("Procurar"), até 10 MB.';

/** The page's text in the rich editor, with the hint on links and files under it. */
function BodyField() {
  const extras = useEditorExtras();
  return (
    <>
      <FormRichText name="body" label="Conteúdo" height={460} {...extras} />
      <Typography variant="caption" color="text.secondary">
        {BODY_HINT}
      </Typography>
    </>
  );
}

/** The editor's extras: uploads into the page, and the wiki's pages in the link dialog. */
function useEditorExtras() {
  const qc = useQueryClient();
  return {
    upload: async (file: File) => {
      const stored = await uploadFile(file);
      return { url: stored.url, name: stored.name };
    },
    links: async () =>
      (await qc.fetchQuery({ queryKey: wikiKeys.tree, queryFn: fetchTree, staleTime: 30_000 })).map((p) => ({ title: `${p.title} (/wiki/${p.path})`, value: wikiHref(p.path) })),
  };
}

/** After a save: the page as the server answered goes into the cache, and the user to it. */
function useOpenSaved() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return (message: string) => (result: unknown) => {
    const view = result as WikiPageView;
    toast.success(message);
    qc.setQueryData(wikiKeys.page(view.page.path), view);
    void invalidateWiki(qc);
    navigate(wikiHref(view.page.path));
  };
}

/**
 * Leaving the editor for the page's own address (`?modo=editar` → the page) asks first when there
 * is unsaved text: the kit's guard only asks when the address itself changes (as from `/wiki?modo=nova`).
 */
function useCancel(dirty: () => boolean, to: string) {
  const navigate = useNavigate();
  return async () => {
    const samePath = to === window.location.pathname;
    if (samePath && dirty() && !(await confirmAction({ title: 'Descartar alterações?', text: 'O texto que você escreveu será perdido.', confirmText: 'Descartar' }))) return;
    navigate(to);
  };
}

export function PageCreate({ fixedPath, parent }: { fixedPath: string | null; parent: string | null }) {
  const openSaved = useOpenSaved();
  const form = useSchemaForm(wikiPageCreate, { title: '', path: fixedPath ?? (parent ? `${parent}/` : ''), body: '' });
  const cancel = useCancel(() => form.formState.isDirty, wikiHref(fixedPath ?? parent ?? ''));
  // The address follows the title ("Configuração de VLANs" → redes/configuracao-de-vlans) until the user writes one.
  const pathTouched = useRef(!!fixedPath);
  useEffect(() => {
    const sub = form.watch((values, { name }) => {
      if (name === 'path') pathTouched.current = true;
      if (name !== 'title' || pathTouched.current) return;
      const slug = wikiSlug(values.title ?? '');
      form.setValue('path', `${parent ? `${parent}/` : ''}${slug}`, { shouldDirty: true });
      // setValue does not report as a user change: keep following the title.
      pathTouched.current = false;
    });
    return () => sub.unsubscribe();
  }, [form, parent]);

  return (
    <Box>
      <WikiBreadcrumbs trail={[]} current="Nova página" />
      <PageTitle title="Nova página" />
      <ResourceForm
        form={form}
        ariaLabel="Nova página"
        submitLabel="Criar página"
        onSubmit={(values) => createPage(values as z.output<typeof wikiPageCreate>)}
        onSuccess={openSaved('Página criada!')}
        onCancel={() => void cancel()}
      >
        <Stack spacing={2}>
          <FormText name="title" label="Título" required autoFocus />
          <FormText
            name="path"
            label="Endereço"
            required
            helperText={`Até ${WIKI_MAX_DEPTH} níveis separados por "/", só letras minúsculas sem acento, números e hífens (ex.: redes/mikrotik/vlan). O nível de cima precisa existir.`}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">/wiki/</InputAdornment> } }}
          />
          <BodyField />
        </Stack>
      </ResourceForm>
    </Box>
  );
}

/** The version someone else saved while the user edited, beside the user's text. */
function CurrentVersion({ current, onUse }: { current: WikiPage; onUse: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, order: { xs: 1, xl: 2 }, alignSelf: 'start' }} component="section" aria-label="Versão atual da página" data-testid="wiki-current-version">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Versão atual ({current.version})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {byWhen(current.updated_by, current.updated_at)}
      </Typography>
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        {current.title}
      </Typography>
      <Box sx={{ maxHeight: { xs: 320, xl: 460 }, overflowY: 'auto', userSelect: 'text' }}>
        {current.body.trim() ? <WikiBody html={current.body} /> : <Typography color="text.secondary">Sem conteúdo.</Typography>}
      </Box>
      <Button size="small" sx={{ mt: 1 }} onClick={onUse}>
        Usar a versão atual no editor
      </Button>
    </Paper>
  );
}

export function PageEdit({ view }: { view: WikiPageView }) {
  const { page, breadcrumbs } = view;
  const openSaved = useOpenSaved();
  const form = useSchemaForm(editSchema, { title: page.title, body: page.body });
  // The version the user's text is based on: the loaded one, then the current one after a conflict.
  const [base, setBase] = useState(page.version);
  const [conflict, setConflict] = useState<{ current: WikiPage; message: string } | null>(null);
  const cancel = useCancel(() => form.formState.isDirty, wikiHref(page.path));

  const replaceWithCurrent = async () => {
    if (!conflict) return;
    const ok = await confirmAction({
      title: 'Trocar seu texto pela versão atual?',
      text: 'O que você escreveu sai do editor. Copie antes o que quiser manter.',
      confirmText: 'Trocar',
    });
    if (!ok) return;
    form.setValue('title', conflict.current.title, { shouldDirty: true });
    form.setValue('body', conflict.current.body, { shouldDirty: true });
  };

  return (
    <Box>
      <WikiBreadcrumbs trail={[...breadcrumbs, { id: page.id, path: page.path, title: page.title }]} current="Editar" />
      <PageTitle title={`Editar: ${page.title}`} subtitle={`/wiki/${page.path} · editando a partir da versão ${base}`} />
      {conflict && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="wiki-conflict">
          <strong>{conflict.message}</strong>
          <br />
          Seu texto continua no editor. Compare com a versão atual, copie o que precisar e salve: sua versão será gravada sobre a versão {conflict.current.version}.
        </Alert>
      )}
      {/* Side by side where both fit (the editor's toolbar needs ~600 px); above the editor otherwise. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: conflict ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr' } }}>
        <Box sx={{ minWidth: 0, order: { xs: 2, xl: 1 } }}>
          <ResourceForm
            form={form}
            ariaLabel="Editar página"
            submitLabel={conflict ? `Salvar sobre a versão ${base}` : 'Salvar'}
            onSubmit={async (values) => {
              try {
                return await updatePage(page.id, { ...(values as z.output<typeof editSchema>), base_version: base });
              } catch (e) {
                const current = staleConflictOf(e);
                if (current) {
                  setConflict({ current, message: messageOf(e) ?? 'A página foi alterada por outra pessoa enquanto você editava.' });
                  setBase(current.version);
                }
                throw e;
              }
            }}
            onSuccess={openSaved('Página salva!')}
            onCancel={() => void cancel()}
          >
            <Stack spacing={2}>
              {conflict && (
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  Seu texto
                </Typography>
              )}
              <FormText name="title" label="Título" required />
              <BodyField />
            </Stack>
          </ResourceForm>
        </Box>
        {conflict && <CurrentVersion current={conflict.current} onUse={() => void replaceWithCurrent()} />}
      </Box>
    </Box>
  );
}
