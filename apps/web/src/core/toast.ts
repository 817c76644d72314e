/**
 * Toasts (SPEC §8, §9): sweetalert2 mixin, top-end, 3000 ms, progress bar, timer paused while
 * the pointer is over the toast. Default texts 'Success', 'Warning', 'Error', 'Info'.
 *
 * sweetalert2 renders `title`, `html` and `footer` as HTML, and toasts and confirmations repeat
 * what users typed (a site's name, a server message quoting a value): a title or footer is a DOM
 * node holding text (textElement), a body goes through `text`. A test over the source keeps it so.
 *
 * The library (~25 KB gzip) is loaded on the first dialog, not with the first page: /login has a
 * JavaScript budget and shows a toast only when a login fails.
 */
import type { SweetAlertTheme } from 'sweetalert2';

let theme: SweetAlertTheme = 'dark';
/** Follows the app theme (called by the theme provider). */
export function setToastTheme(dark: boolean): void {
  theme = dark ? 'dark' : 'light';
}

export const TOAST_TIMER_MS = 3000;

/**
 * sweetalert2 renders its confirm, deny and cancel buttons in every popup, hidden when unused,
 * with English texts ("OK", "No", "Cancel"): every popup starts from these pt-BR texts.
 */
const dialogs = () =>
  import('sweetalert2').then(({ default: Swal }) => {
    const AppSwal = Swal.mixin({
      confirmButtonText: 'Confirmar',
      denyButtonText: 'Não',
      cancelButtonText: 'Cancelar',
      closeButtonAriaLabel: 'Fechar',
      customClass: { container: 'app-swal' },
    });
    const Toast = AppSwal.mixin({
      toast: true,
      position: 'top-end',
      showConfirmButton: false,
      timer: TOAST_TIMER_MS,
      timerProgressBar: true,
      showDenyButton: false,
      showCancelButton: false,
      didOpen: (el) => {
        el.addEventListener('mouseenter', () => Swal.stopTimer());
        el.addEventListener('mouseleave', () => Swal.resumeTimer());
      },
    });
    return { AppSwal, Toast };
  });
let loaded: ReturnType<typeof dialogs> | undefined;
const library = () => (loaded ??= dialogs());
/** Fetches the library ahead of the first dialog (the app calls it once the user is in). */
export const preloadDialogs = (): void => void library();

/** A title or footer as text: the options take HTML or a node, and a node's text is never parsed. */
function textElement(text: string): HTMLElement {
  const el = document.createElement('span');
  el.textContent = text;
  return el;
}

type Icon = 'success' | 'warning' | 'error' | 'info';
const show = (icon: Icon, title: string) => {
  void library().then(({ Toast }) => Toast.fire({ icon, title: textElement(title), theme }));
};

export const toast = {
  success: (title = 'Success') => show('success', title),
  warning: (title = 'Warning') => show('warning', title),
  error: (title = 'Error') => show('error', title),
  info: (title = 'Info') => show('info', title),
  /** A permanent error toast: no timer, closed only by its close button. */
  permanentError: (title = 'Error') => {
    void library().then(({ Toast }) =>
      Toast.fire({
        icon: 'error',
        title: textElement(title),
        theme,
        timer: undefined,
        timerProgressBar: false,
        showCloseButton: true,
      }),
    );
  },
};

/** Confirmation before destructive actions. Resolves true when confirmed. */
export async function confirmAction(opts: {
  title: string;
  text?: string;
  confirmText?: string;
  danger?: boolean;
}): Promise<boolean> {
  const { AppSwal } = await library();
  const r = await AppSwal.fire({
    title: textElement(opts.title),
    text: opts.text,
    icon: opts.danger === false ? 'question' : 'warning',
    theme,
    showCancelButton: true,
    confirmButtonText: opts.confirmText ?? 'Confirmar',
    cancelButtonText: 'Cancelar',
    focusCancel: true,
    reverseButtons: true,
    confirmButtonColor: opts.danger === false ? '#1976d2' : '#d32f2f',
  });
  return r.isConfirmed;
}

/** What to do with a save refused because someone else changed the record meanwhile. */
export type StaleEditChoice = 'reload' | 'overwrite' | 'cancel';

/**
 * The "Registro alterado" dialog: `message` names who changed the record. Recarregar
 * shows the current version (the user's edits are lost, as the text says); Sobrescrever saves the
 * user's version over it; Cancelar (or Esc) goes back to the form with the edits kept.
 */
export async function staleEditChoice(message: string): Promise<StaleEditChoice> {
  const { AppSwal } = await library();
  const r = await AppSwal.fire({
    title: textElement('Registro alterado'),
    text: message,
    footer: textElement('Recarregar mostra a versão atual e descarta as suas alterações. Sobrescrever grava a sua versão por cima da atual.'),
    icon: 'warning',
    theme,
    showDenyButton: true,
    showCancelButton: true,
    confirmButtonText: 'Recarregar',
    denyButtonText: 'Sobrescrever',
    cancelButtonText: 'Cancelar',
    confirmButtonColor: '#1976d2',
    denyButtonColor: '#d32f2f',
    focusConfirm: true,
  });
  return r.isConfirmed ? 'reload' : r.isDenied ? 'overwrite' : 'cancel';
}

/** A refusal the user must read (not a toast that fades): title and the server's message. */
export async function alertError(title: string, text: string): Promise<void> {
  const { AppSwal } = await library();
  await AppSwal.fire({ title: textElement(title), text, icon: 'error', theme, confirmButtonText: 'Fechar', showCancelButton: false, showDenyButton: false });
}
