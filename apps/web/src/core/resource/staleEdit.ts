/**
 * Saving an edit that may be stale, for every form with a record version: the save
 * sends the version the form loaded; on 412 the "Registro alterado" dialog asks what to do.
 * Sobrescrever saves again over the version just seen (a third save meanwhile asks again);
 * Recarregar hands the current record to `reload` (the form shows it, the edits are dropped);
 * Cancelar keeps the form as it is. Either way the form shows no error (`StaleEditHandled`).
 */
import { staleEditChoice, toast } from '../toast';
import { type StaleEdit, staleEditOf } from './api';

/** Thrown by a save the dialog answered with Recarregar or Cancelar: nothing to show on the form. */
export class StaleEditHandled extends Error {}

export async function saveUnlessStale<R>(save: (version: string | undefined) => Promise<R>, version: string | undefined, reload: (stale: StaleEdit<R>) => void): Promise<R> {
  try {
    return await save(version);
  } catch (e) {
    const stale = staleEditOf<R>(e);
    if (!stale) throw e;
    const choice = await staleEditChoice(stale.message);
    if (choice === 'overwrite') return saveUnlessStale(save, stale.version, reload);
    if (choice === 'reload') {
      reload(stale);
      toast.info('Registro recarregado: as suas alterações foram descartadas.');
    }
    throw new StaleEditHandled();
  }
}
