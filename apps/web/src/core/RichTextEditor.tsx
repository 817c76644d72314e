/**
 * Rich text editor (DESIGN §1): TinyMCE self-hosted from npm, license 'gpl'. Load this module
 * lazily only (it is large): `lazy(() => import('../../core/RichTextEditor'))`.
 * Optional: `upload` (images pasted, dropped or picked, and files linked from the link dialog,
 * stored by the caller's API) and `links` (the link dialog's list of the app's own pages).
 */
import 'tinymce/tinymce';
import 'tinymce/models/dom/model';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide-dark/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/ui/oxide-dark/content.js';
import 'tinymce/skins/content/default/content.js';
import 'tinymce/skins/content/dark/content.js';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/link';
import 'tinymce/plugins/image';
import 'tinymce/plugins/autolink';
import 'tinymce/plugins/table';
import 'tinymce/plugins/code';
import 'tinymce/plugins/wordcount';
import { Editor } from '@tinymce/tinymce-react';
import { useTheme } from '@mui/material';
import { KEYS } from './storage';

declare const tinymce: { addI18n: (lang: string, dict: Record<string, string>) => void };

tinymce.addI18n('pt_BR', {
  Bold: 'Negrito',
  Italic: 'Itálico',
  Underline: 'Sublinhado',
  Strikethrough: 'Tachado',
  'Bullet list': 'Lista com marcadores',
  'Numbered list': 'Lista numerada',
  'Insert/edit link': 'Inserir/editar link',
  'Remove link': 'Remover link',
  Undo: 'Desfazer',
  Redo: 'Refazer',
  Blocks: 'Blocos',
  Paragraph: 'Parágrafo',
  'Heading 1': 'Título 1',
  'Heading 2': 'Título 2',
  'Heading 3': 'Título 3',
  'Source code': 'Código-fonte',
  Table: 'Tabela',
  'Align left': 'Alinhar à esquerda',
  'Align center': 'Centralizar',
  'Align right': 'Alinhar à direita',
  Justify: 'Justificar',
  'Clear formatting': 'Limpar formatação',
  Save: 'Salvar',
  Cancel: 'Cancelar',
  URL: 'URL',
  'Text to display': 'Texto a exibir',
  Title: 'Título',
  'Open link in...': 'Abrir link em...',
  'Current window': 'Janela atual',
  'New window': 'Nova janela',
  Words: 'Palavras',
  '{0} words': '{0} palavras',
  'Word count': 'Contagem de palavras',
  'Rich Text Area': 'Área de texto formatado',
  'Press {0} for help': 'Pressione {0} para ajuda',
  'Insert/edit image': 'Inserir/editar imagem',
  'Insert image': 'Inserir imagem',
  Image: 'Imagem',
  General: 'Geral',
  Upload: 'Enviar',
  Source: 'Endereço',
  'Alternative description': 'Descrição alternativa',
  'Image is decorative': 'Imagem decorativa',
  Width: 'Largura',
  Height: 'Altura',
  'Constrain proportions': 'Manter proporções',
  'Browse for an image': 'Procurar imagem',
  'Drop an image here': 'Solte uma imagem aqui',
  'Browse files': 'Procurar arquivos',
  'Browse links': 'Procurar links',
  'Link list': 'Páginas',
  None: 'Nenhuma',
  Link: 'Link',
});

/** A file the caller stored: the URL the content links to, and its name. */
export type UploadedFile = { url: string; name: string };

/** Opens the browser's file chooser; resolves with the chosen file (or null when closed without one). */
function chooseFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null));
    input.addEventListener('cancel', () => resolve(null));
    input.click();
  });
}

export default function RichTextEditor({
  value,
  onChange,
  height = 360,
  label,
  upload,
  links,
}: {
  value: string;
  onChange: (html: string) => void;
  height?: number;
  label?: string;
  /** Stores a file (image or attachment); its failure is the caller's message (the API client toasts it). */
  upload?: (file: File) => Promise<UploadedFile>;
  /** The link dialog's list ("Páginas"): title and URL of each page one may link to. */
  links?: () => Promise<{ title: string; value: string }[]>;
}) {
  const dark = useTheme().palette.mode === 'dark';
  const uploads = upload
    ? {
        // Pasted and dropped images: stored at once, the content keeps the stored URL (never a data: URI).
        images_upload_handler: async (blob: { blob: () => Blob; filename: () => string }) => {
          const b = blob.blob();
          return (await upload(new File([b], blob.filename(), { type: b.type }))).url;
        },
        automatic_uploads: true,
        image_uploadtab: true,
        // "Procurar" in the image and link dialogs: an image, or any file as an attachment link.
        file_picker_types: 'file image',
        file_picker_callback: (done: (url: string, meta?: Record<string, string>) => void, _value: string, meta: Record<string, unknown>) => {
          void chooseFile(meta.filetype === 'image' ? 'image/*' : '*/*').then(async (file) => {
            if (!file) return;
            const stored = await upload(file);
            done(stored.url, meta.filetype === 'image' ? { alt: stored.name } : { text: stored.name, title: stored.name });
          });
        },
      }
    : {};
  const linkList = links
    ? { link_list: (success: (list: { title: string; value: string }[]) => void) => void links().then(success, () => success([])) }
    : {};
  return (
    <Editor
      key={dark ? 'dark' : 'light'}
      licenseKey={localStorage.getItem(KEYS.tinymceKey) || 'gpl'}
      value={value}
      onEditorChange={(html) => onChange(html)}
      init={{
        height,
        menubar: false,
        branding: false,
        promotion: false,
        language: 'pt_BR',
        skin: dark ? 'oxide-dark' : 'oxide',
        content_css: dark ? 'dark' : 'default',
        plugins: `lists link autolink table code wordcount${upload ? ' image' : ''}`,
        toolbar: `undo redo | blocks | bold italic underline strikethrough | bullist numlist | link ${upload ? 'image ' : ''}table | removeformat code`,
        // Links as written (a wiki link stays "/wiki/redes"), not rewritten relative to the page.
        relative_urls: false,
        convert_urls: false,
        ...uploads,
        ...linkList,
        iframe_aria_text: label ?? 'Área de texto formatado',
        content_style: 'body { font-family: "Saira Semi Condensed", Arial, sans-serif; font-size: 14px }',
      }}
    />
  );
}
