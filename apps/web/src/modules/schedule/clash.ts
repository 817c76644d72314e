/** A write that may meet a busy person: the 409 is asked as a question ("manter assim mesmo?") and resent with `force`. */
import { SCHEDULE_CLASH_FIELD } from '@operacoes/contract';
import { isAxiosError } from '../../core/api';
import { errorToastMessage, violationsOf } from '../../core/errors';
import { confirmAction, toast } from '../../core/toast';

export const isClash = (e: unknown) => isAxiosError(e) && e.response?.status === 409 && violationsOf(e.response.data).some((v) => v.propertyPath === SCHEDULE_CLASH_FIELD);

/**
 * Sends; on a clash asks, and resends with `force` when confirmed. Resolves false when the user
 * declined (or another error was toasted, with `toastErrors`); rethrows otherwise (a form shows it).
 */
export async function sendConfirmingClash(send: (force: boolean) => Promise<unknown>, toastErrors = false): Promise<boolean> {
  try {
    await send(false);
    return true;
  } catch (e) {
    if (isClash(e)) {
      const clashes = violationsOf((e as { response: { data: unknown } }).response.data).map((v) => v.message);
      const keep = await confirmAction({ title: 'Conflito de agenda', text: `${clashes.join('\n')}\n\nManter assim mesmo?`, confirmText: 'Manter assim mesmo', danger: false });
      if (!keep) return false;
      return sendConfirmingClash(() => send(true), toastErrors);
    }
    if (!toastErrors) throw e;
    toast.error(errorToastMessage(isAxiosError(e) ? e.response?.status : undefined, isAxiosError(e) ? e.response?.data : undefined));
    return false;
  }
}
