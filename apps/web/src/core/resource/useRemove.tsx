/**
 * useRemove: confirm in pt-BR, DELETE, toast, invalidate, and optionally
 * navigate. A 409 (the record is still referenced) is toasted by the API client with the
 * server's message naming what refers to it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { confirmAction, toast } from '../toast';
import type { ResourceApi, WebResource } from './api';
import { resourceWords } from './words';


type Options = {
  /** Confirmation title; default `Excluir o estoque <name>?`. */
  title?: (name: string) => string;
  text?: string;
  /** Toast; default `Estoque excluído!`. */
  done?: string;
  /** Where to go after the delete (e.g. the list, from a record's page). */
  navigateTo?: string;
};

export function useRemove<D extends WebResource>(resource: ResourceApi<D>, options: Options = {}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const w = resourceWords(resource.label, resource.gender);
  return async (id: number, name: string): Promise<boolean> => {
    const ok = await confirmAction({
      title: options.title?.(name) ?? w.removeTitle(name),
      text: options.text ?? 'Registros em uso não podem ser excluídos. Esta ação não pode ser desfeita.',
      confirmText: 'Excluir',
    });
    if (!ok) return false;
    try {
      await resource.remove(id);
    } catch {
      return false; // toasted by the API client
    }
    toast.success(options.done ?? w.removed);
    qc.removeQueries({ queryKey: resource.keys.one(id) });
    void resource.invalidate(qc);
    if (options.navigateTo) navigate(options.navigateTo);
    return true;
  };
}
