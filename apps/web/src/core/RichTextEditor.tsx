/**
 * Rich text editor (DESIGN §1): TinyMCE self-hosted from npm, license 'gpl'. Load this module
 * lazily only (it is large): `lazy(() => import('../../core/RichTextEditor'))`.
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
  'Rich Text Area': 'Área de texto formatado',
  'Press {0} for help': 'Pressione {0} para ajuda',
});

export default function RichTextEditor({
  value,
  onChange,
  height = 360,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  height?: number;
  label?: string;
}) {
  const dark = useTheme().palette.mode === 'dark';
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
        plugins: 'lists link autolink table code wordcount',
        toolbar:
          'undo redo | blocks | bold italic underline strikethrough | bullist numlist | link table | removeformat code',
        iframe_aria_text: label ?? 'Área de texto formatado',
        content_style: 'body { font-family: "Saira Semi Condensed", Arial, sans-serif; font-size: 14px }',
      }}
    />
  );
}
