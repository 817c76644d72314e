/**
 * A write that may meet a busy person (a calendar event, a work order being scheduled or assigned)
 * or an order's SLA deadline: the 409 is asked as a question and resent with `force` when the user
 * confirms. One question for the calendar and for field service, so both ask it the same way.
 */
import { SCHEDULE_CLASH_FIELD } from '@operacoes/contract';
import { isAxiosError } from './api';
import { errorToastMessage, violationsOf } from './errors';
import { confirmAction, toast } from './toast';

export const isClash = (e: unknown) => isAxiosError(e) && e.response?.status === 409 && violationsOf(e.response.data).some((v) => v.propertyPath === SCHEDULE_CLASH_FIELD);

export type ClashQuestion = {
  /** The last line of the question: "Manter assim mesmo?" (the calendar), "Agendar assim mesmo?" (a work order). */
  question?: string;
  confirmText?: string;
};

/** The dialog's title: a busy person first; only the deadline otherwise (a work order's 409 carries `clashes`). */
function titleOf(data: unknown) {
  const clashes = (data as { clashes?: unknown } | undefined)?.clashes;
  return Array.isArray(clashes) && clashes.length === 0 ? 'Além do prazo do SLA' : 'Conflito de agenda';
}

/**
 * Sends; on a clash asks, and resends with `force` when confirmed. Resolves false when the user
 * declined (or another error was toasted, with `toastErrors`); rethrows otherwise (a form shows it).
 */
export async function sendConfirmingClash(send: (force: boolean) => Promise<unknown>, toastErrors = false, ask: ClashQuestion = {}): Promise<boolean> {
  try {
    await send(false);
    return true;
  } catch (e) {
    if (isClash(e)) {
      const data = (e as { response: { data: unknown } }).response.data;
      const clashes = violationsOf(data).map((v) => v.message);
      const keep = await confirmAction({
        title: titleOf(data),
        text: `${clashes.join('\n')}\n\n${ask.question ?? 'Manter assim mesmo?'}`,
        confirmText: ask.confirmText ?? 'Manter assim mesmo',
        danger: false,
      });
      if (!keep) return false;
      return sendConfirmingClash(() => send(true), toastErrors, ask);
    }
    if (!toastErrors) throw e;
    toast.error(errorToastMessage(isAxiosError(e) ? e.response?.status : undefined, isAxiosError(e) ? e.response?.data : undefined));
    return false;
  }
}
