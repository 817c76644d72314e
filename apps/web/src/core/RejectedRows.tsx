/**
 * What an import refused, row by row: the row's number, the reason and, when kept, the row's own
 * text (below the reason on a phone). Long lists show their first `limit` rows and say so.
 */
import { Box, TableCell, TableRow, Typography } from '@mui/material';
import { formatInt } from './format';
import { SmallTable } from './SmallTable';

export type RejectedRow = { row: number; reason: string; content?: string };

export function RejectedRows({ rows, noun, limit = 200, maxHeight = 260 }: {
  rows: readonly RejectedRow[];
  /** What a row is called: "Linha" for a file, "Registro" for a data source's answer. */
  noun: 'Linha' | 'Registro';
  limit?: number;
  maxHeight?: number;
}) {
  if (rows.length === 0) return null;
  const title = `${noun === 'Linha' ? 'Linhas rejeitadas' : 'Registros rejeitados'}`;
  const withContent = rows.some((r) => r.content !== undefined);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title} ({formatInt(rows.length)})
      </Typography>
      <SmallTable
        label={title}
        maxHeight={maxHeight}
        head={
          <>
            <TableCell sx={{ width: 90 }}>{noun}</TableCell>
            <TableCell>Motivo</TableCell>
            {withContent && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Conteúdo</TableCell>}
          </>
        }
      >
        {rows.slice(0, limit).map((r) => (
          <TableRow key={`${r.row}-${r.reason}`}>
            <TableCell>{r.row}</TableCell>
            <TableCell>
              {r.reason}
              {withContent && (
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, overflowWrap: 'anywhere' }}>
                  {r.content}
                </Typography>
              )}
            </TableCell>
            {withContent && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{r.content}</TableCell>}
          </TableRow>
        ))}
      </SmallTable>
      {rows.length > limit && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Mostrando {formatInt(limit)} de {formatInt(rows.length)} {title.toLowerCase()}.
        </Typography>
      )}
    </Box>
  );
}
