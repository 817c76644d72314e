/** Delete a warehouse record after a confirmation; the 409 (still referenced) message is toasted by the API client. */
import { useQueryClient } from '@tanstack/react-query';
import { listKey } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { deleteRecord } from './api';

export function useRemove(path: string, what: string, done?: () => void) {
  const qc = useQueryClient();
  return async (id: number, name: string) => {
    const ok = await confirmAction({
      title: `Excluir ${what} ${name}?`,
      text: 'Registros em uso (com seções, itens, saldos ou movimentações) não podem ser excluídos. Esta ação não pode ser desfeita.',
      confirmText: 'Excluir',
    });
    if (!ok) return false;
    try {
      await deleteRecord(path, id);
      toast.success(`${what.charAt(0).toUpperCase()}${what.slice(1)} excluído(a)!`);
      void qc.invalidateQueries({ queryKey: listKey(path) });
      done?.();
      return true;
    } catch {
      return false;
    }
  };
}


