/**
 * A list page: its heading and its grid (`before` goes above the heading, e.g. breadcrumbs; children below
 * the grid, e.g. dialogs). The grid's aria label defaults to "Lista de <título>";
 * `editOrView` is the usual pair of row actions for records that are editable only in some states.
 */
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { PageTitle } from '../PageTitle';
import { ResourceList, type ResourceListProps, type RowAction } from '../ResourceList';

type Props<T extends GridValidRowModel> = Omit<ResourceListProps<T>, 'ariaLabel'> & { title: string; subtitle?: string; ariaLabel?: string; before?: ReactNode; children?: ReactNode };

export function ListPage<T extends GridValidRowModel>({ title, subtitle, ariaLabel, before, children, ...list }: Props<T>) {
  return (
    <>
      {before}
      <PageTitle title={title} subtitle={subtitle} />
      <ResourceList<T> ariaLabel={ariaLabel ?? `Lista de ${title.toLowerCase()}`} {...list} />
      {children}
    </>
  );
}

/** "Editar" where `editable(row)`, "Ver" elsewhere; both open the record. */
export function editOrView<T>(open: (row: T) => void, editable: (row: T) => boolean): RowAction<T>[] {
  return [
    { label: 'Editar', icon: <EditIcon />, onClick: open, show: editable },
    { label: 'Ver', icon: <VisibilityIcon />, onClick: open, show: (r) => !editable(r) },
  ];
}
