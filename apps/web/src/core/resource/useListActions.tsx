/**
 * The usual props of a resource's list (spread into ResourceList): its API path, its aria label,
 * the create button, and the row actions by permission — Detalhes (when the resource has an
 * info page), Editar (or Ver for a reader when there is no info page) and Excluir.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useNavigate } from 'react-router';
import { useCan } from '../permissions';
import type { ReadOf, ResourceApi, WebResource } from './api';
import { useRemove } from './useRemove';
import { resourceWords } from './words';

export function useListActions<D extends WebResource>(
  resource: ResourceApi<D>,
  {
    name,
    info,
    remove = true,
    removeText,
    editable,
    removable,
  }: {
    name: (r: ReadOf<D>) => string;
    info?: (r: ReadOf<D>) => string;
    remove?: boolean;
    /** What a delete takes with it, in the confirmation. */
    removeText?: string;
    /** Rows that may still be edited / deleted (e.g. not once concluded); default all. */
    editable?: (r: ReadOf<D>) => boolean;
    removable?: (r: ReadOf<D>) => boolean;
  },
) {
  const navigate = useNavigate();
  const { user } = useCan();
  const removeOne = useRemove(resource, { text: removeText });
  const w = resourceWords(resource.label, resource.gender, resource.plural);
  const canWrite = resource.canWrite(user);
  const base = resource.webPath ?? '';
  const edit = (r: ReadOf<D>) => `${base}/edit/${r.id}`;
  const open = info ?? edit;
  return {
    resource: resource.path,
    ariaLabel: w.list,
    createPath: `${base}/create`,
    createLabel: w.create,
    canCreate: resource.canCreate(user),
    onRowOpen: (r: ReadOf<D>) => navigate(open(r)),
    rowActions: [
      ...(info ? [{ label: 'Detalhes', icon: <VisibilityIcon />, onClick: (r: ReadOf<D>) => navigate(info(r)) }] : []),
      { label: info || canWrite ? 'Editar' : 'Ver', icon: <EditIcon />, onClick: (r: ReadOf<D>) => navigate(edit(r)), show: (r: ReadOf<D>) => (!info || canWrite) && (!editable || editable(r)) },
      { label: 'Excluir', icon: <DeleteIcon />, onClick: (r: ReadOf<D>) => void removeOne(r.id, name(r)), show: (r: ReadOf<D>) => remove && resource.canDelete(user) && (!removable || removable(r)) },
    ],
  };
}
