/**
 * A dense list whose rows each carry one action that takes the row out (unlink an order from a project,
 * remove a member from a unit, drop a line from a request), named after the row for screen readers.
 */
import { IconButton, List, ListItem, Tooltip } from '@mui/material';
import type { Key, ReactNode } from 'react';

export type RowRemoval<T> = {
  /** The button's tooltip ("Desvincular", "Remover da unidade"). */
  title: string;
  icon: ReactNode;
  /** Its accessible name for this row ("Desvincular OS-000123"). */
  label: (row: T) => string;
  onClick: (row: T) => void;
};

export function RemovableList<T>({
  label,
  rows,
  keyOf,
  removal,
  dense = true,
  gutters = true,
  divider = true,
  children,
}: {
  label: string;
  rows: T[];
  keyOf: (row: T) => Key;
  /** None for a reader who may not change the list. */
  removal?: RowRemoval<T>;
  dense?: boolean;
  gutters?: boolean;
  divider?: boolean;
  /** The row's own content (its text, avatar). */
  children: (row: T) => ReactNode;
}) {
  return (
    <List dense={dense} aria-label={label} disablePadding={!gutters}>
      {rows.map((row) => (
        <ListItem
          key={keyOf(row)}
          divider={divider}
          disableGutters={!gutters}
          secondaryAction={
            removal && (
              <Tooltip title={removal.title}>
                <IconButton edge="end" aria-label={removal.label(row)} onClick={() => removal.onClick(row)}>
                  {removal.icon}
                </IconButton>
              </Tooltip>
            )
          }
        >
          {children(row)}
        </ListItem>
      ))}
    </List>
  );
}
