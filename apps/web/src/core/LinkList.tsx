/** A dense list of records on a record page (a site's assets, circuits, LMCs): each a link to its page, a line under it, an optional chip at its end. */
import { Link, List, ListItem, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export type LinkListItem = { key: number | string; to: string; text: string; detail?: string; end?: ReactNode };

export function LinkList({ label, items }: { label?: string; items: LinkListItem[] }) {
  return (
    <List dense disablePadding aria-label={label}>
      {items.map((i) => (
        <ListItem key={i.key} disableGutters secondaryAction={i.end}>
          <ListItemText
            primary={
              <Link component={RouterLink} to={i.to}>
                {i.text}
              </Link>
            }
            secondary={i.detail}
          />
        </ListItem>
      ))}
    </List>
  );
}
