/** `/wiki/search?q=`: Portuguese full-text search of the wiki, best first, with highlighted excerpts. */
import { Alert, Box, Link, Pagination, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { searchWiki, wikiHref, wikiKeys } from './api';
import { Headline } from './parts';
import { WikiFrame, WikiSearchField } from './WikiFrame';

const PAGE_SIZE = 10;

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const result = useQuery({
    queryKey: wikiKeys.search(q, page),
    queryFn: () => searchWiki(q, page, PAGE_SIZE),
    enabled: !!q,
    placeholderData: keepPreviousData,
  });
  const data = q ? result.data : undefined;

  return (
    <WikiFrame current="" search={false}>
      <PageTitle title="Pesquisa na wiki" subtitle={data && !result.isPlaceholderData ? `${data.total_items} ${data.total_items === 1 ? 'página encontrada' : 'páginas encontradas'} para "${q}"` : undefined} />
      <Box sx={{ mb: 2 }}>
        {/* keyed by the query: the field shows the searched words after back/forward */}
        <WikiSearchField key={q} initial={q} autoFocus={!q} onSearch={(term) => setParams({ q: term })} />
      </Box>
      {!q ? (
        <Typography color="text.secondary">Digite o que procurar. Acentos, maiúsculas e plurais não fazem diferença: "roteadores" encontra "roteador".</Typography>
      ) : result.isLoading || (result.isFetching && !data) ? (
        <Stack spacing={1.5} aria-busy="true" aria-label="Pesquisando">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={84} />
          ))}
        </Stack>
      ) : result.isError ? (
        <Alert severity="error">Não foi possível pesquisar agora. Tente de novo.</Alert>
      ) : !data || data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="wiki-search-empty">
          <Typography variant="h6" component="p">
            Nenhuma página encontrada para "{q}".
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Tente outras palavras ou menos palavras.
          </Typography>
        </Paper>
      ) : (
        <Stack component="ol" spacing={1.5} aria-label="Resultados" aria-busy={result.isFetching} sx={{ listStyle: 'none', m: 0, p: 0, opacity: result.isPlaceholderData ? 0.6 : 1 }}>
          {data.items.map((hit) => (
            <Paper component="li" variant="outlined" key={hit.id} sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="wiki-search-hit">
              <Link component={RouterLink} to={wikiHref(hit.path)} variant="subtitle1" sx={{ fontWeight: 600 }}>
                {hit.title}
              </Link>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {[...hit.breadcrumbs.map((b) => b.title), hit.title].join(' › ')} · /wiki/{hit.path}
              </Typography>
              <Headline html={hit.headline} />
            </Paper>
          ))}
        </Stack>
      )}
      {data && data.total_pages > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={data.total_pages}
          page={page}
          onChange={(_e, p) => setParams({ q, page: String(p) })}
          getItemAriaLabel={(type, p) => (type === 'page' ? `Página ${p}` : type === 'next' ? 'Próxima página' : 'Página anterior')}
        />
      )}
    </WikiFrame>
  );
}
