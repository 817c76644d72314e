/** A paginated list of revisions for some filters (the /revision page and every "Histórico" tab). */
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, LinearProgress, Skeleton, Stack } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../core/session';
import { fetchRevisions, revisionKeys, type RevisionFilters } from './api';
import { RevisionEntry } from './RevisionEntry';
import { EmptyPanel } from '../../core/PanelStates';
import { PanelPagination } from '../../core/PanelPagination';

const PAGE_SIZES = [5, 10, 25, 50, 100];

export function RevisionList({
  filters,
  showEntity = true,
  onUserClick,
  emptyText = 'Nenhuma revisão encontrada.',
}: {
  filters: RevisionFilters;
  showEntity?: boolean;
  onUserClick?: (user: { id: number; username: string }) => void;
  emptyText?: string;
}) {
  const { prefs } = useSession();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(prefs.pageSize);
  const key = JSON.stringify(filters);
  useEffect(() => setPage(0), [key]);
  const q = useQuery({
    queryKey: revisionKeys.list({ ...filters, page: page + 1, pageSize }),
    queryFn: () => fetchRevisions({ ...filters, page: page + 1, pageSize }),
    placeholderData: keepPreviousData,
  });
  const sizes = PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);

  if (q.isLoading)
    return (
      <Stack spacing={1} aria-busy="true" aria-label="Carregando revisões">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={88} />
        ))}
      </Stack>
    );
  if (q.isError && !q.data) return <Alert severity="error">Não foi possível carregar o histórico.</Alert>;
  const data = q.data!;
  return (
    <Box>
      <Box sx={{ height: 4, mb: 1 }}>{q.isFetching && <LinearProgress aria-label="Atualizando" />}</Box>
      {data.items.length === 0 ? (
        <EmptyPanel icon={HistoryIcon}>{emptyText}</EmptyPanel>
      ) : (
        <Stack spacing={1} component="section" aria-label="Revisões">
          {data.items.map((rev) => (
            <RevisionEntry key={rev.id} rev={rev} showEntity={showEntity} onUserClick={onUserClick} />
          ))}
        </Stack>
      )}
      {data.total_items > 0 && (
        <PanelPagination count={data.total_items} page={Math.min(page, Math.max(0, data.total_pages - 1))} pageSize={pageSize} sizes={sizes} onPage={setPage} onPageSize={setPageSize} />
      )}
    </Box>
  );
}
