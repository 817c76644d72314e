/**
 * The info page of a record (`/x/info/:id`): title, an "Editar" button for writers, the
 * loading / not found states, its "Dados" section (details and the active flag), then tabs.
 */
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageTabs, type PageTab } from '../PageTabs';
import { PageTitle } from '../PageTitle';
import { useCan } from '../permissions';
import { RecordPage } from '../RecordPage';
import { Details, Section } from '../Section';
import { ActiveChip } from '../ToneChip';
import type { ReadOf, ResourceApi, WebResource } from './api';
import { resourceWords } from './words';

type Props<D extends WebResource> = {
  resource: ResourceApi<D>;
  /** Default: "<label> <name>" ("Estoque Almoxarifado Norte"). */
  title?: (r: ReadOf<D>) => string;
  subtitle?: (r: ReadOf<D>) => string;
  details: (r: ReadOf<D>) => [string, ReactNode][];
  tabs: (r: ReadOf<D>) => PageTab[];
};

export function InfoPage<D extends WebResource>({ resource, title, subtitle, details, tabs }: Props<D>) {
  const id = Number(useParams().id);
  const { user } = useCan();
  const q = useQuery({ queryKey: resource.keys.one(id), queryFn: () => resource.get(id) });
  const r = q.data;
  const w = resourceWords(resource.label, resource.gender);
  const active = r && 'is_active' in r ? <ActiveChip active={!!r.is_active} gender={resource.gender} /> : undefined;
  return (
    <Box>
      <PageTitle
        title={r ? (title?.(r) ?? `${resource.label} ${String((r as { name?: string }).name ?? `#${r.id}`)}`) : w.details}
        subtitle={r ? subtitle?.(r) : undefined}
        actions={
          r &&
          resource.canWrite(user) && (
            <Button component={RouterLink} to={`${resource.webPath}/edit/${r.id}`} startIcon={<EditIcon />} variant="outlined">
              Editar
            </Button>
          )
        }
      />
      <RecordPage query={q} what={resource.label} gender={resource.gender} backTo={resource.webPath ?? '/'}>
        {(rec) => (
          <>
            <Section title="Dados" actions={active}>
              <Details rows={details(rec)} />
            </Section>
            <PageTabs ariaLabel={w.contents} tabs={tabs(rec)} />
          </>
        )}
      </RecordPage>
    </Box>
  );
}
