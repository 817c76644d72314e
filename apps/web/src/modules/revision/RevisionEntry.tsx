/** One revision: action, record (with a link), who and when, the changed fields old → new, and "Reverter" on an update. */
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Link, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isAxiosError } from '../../core/api';
import { errorToastMessage } from '../../core/errors';
import { formatDateTime } from '../../core/format';
import { ToneChip } from '../../core/ToneChip';
import { alertError, confirmAction, toast } from '../../core/toast';
import { revertRevision } from './api';
import { actionLabel, diffRows, EMPTY, entityLabel, entityLink, formatValue, REFERENCE_FIELDS, type DiffRow, type Revision } from './labels';
import { RefName } from './RefName';

// Tinted chips readable (AA) in both themes: MUI's outlined info chip is 3.9:1 on the light background.
const ACTION_COLOR = { create: 'success', update: 'info', delete: 'error' } as const;
const SHOWN = 8;

function Value({ row, value, entity }: { row: DiffRow; value: unknown; entity: string }) {
  const kind = REFERENCE_FIELDS[row.field];
  const isRef = kind && typeof value === 'number' && (row.field !== 'parent_id' || entity === 'unit_organizational');
  if (isRef) return <RefName kind={kind} id={value} />;
  if ((row.field === 'logo' || row.field === 'picture') && typeof value === 'string' && value.startsWith('/api/files/'))
    return (
      <Box component="img" src={value} alt="Imagem" sx={{ height: 28, maxWidth: 96, objectFit: 'contain', verticalAlign: 'middle', borderRadius: 0.5 }} />
    );
  return <>{formatValue(value, row.field, entity)}</>;
}

function Change({ row, action, entity }: { row: DiffRow; action: Revision['action']; entity: string }) {
  const before = <Value row={row} value={row.before} entity={entity} />;
  const after = <Value row={row} value={row.after} entity={entity} />;
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  let body: ReactNode;
  if (action === 'create' || (action === 'update' && empty(row.before) && !empty(row.after) && typeof row.after === 'object')) body = after;
  else if (action === 'delete') body = before;
  else
    body = (
      <>
        <Box component="span" sx={{ color: 'text.secondary', textDecoration: empty(row.before) ? 'none' : 'line-through' }} data-part="before">
          {empty(row.before) ? EMPTY : before}
        </Box>
        {/* A text arrow: the change reads and copies as "antes → depois", never the two values glued. */}
        <Box component="span" sx={{ mx: 0.25, color: 'text.secondary' }}>
          {' → '}
        </Box>
        <Box component="span" sx={{ fontWeight: 600 }} data-part="after">
          {empty(row.after) ? EMPTY : after}
        </Box>
      </>
    );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 30%) 1fr' }, columnGap: 2, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {row.label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {body}
      </Typography>
    </Box>
  );
}

const listed = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`);

/** "Reverter": confirms naming the fields that go back, then asks the server; success refreshes the log and the record's views. */
function RevertButton({ rev, fields }: { rev: Revision; fields: string[] }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const ok = await confirmAction({
      title: 'Reverter alteração?',
      text: `${fields.length === 1 ? 'Volta ao valor anterior' : 'Voltam aos valores anteriores'}: ${listed(fields)}. A reversão fica registrada no log como uma nova alteração.`,
      confirmText: 'Reverter',
      danger: false,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await revertRevision(rev.id);
      toast.success('Alteração revertida!');
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['revision'] }),
        qc.invalidateQueries({ queryKey: [rev.entity] }),
        qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'list' }),
      ]);
    } catch (e) {
      const data = isAxiosError(e) ? e.response?.data : undefined;
      const message = data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string' ? (data as { message: string }).message : errorToastMessage(isAxiosError(e) ? e.response?.status : undefined, data);
      await alertError('Não foi possível reverter', message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" startIcon={<UndoIcon />} onClick={() => void run()} loading={busy} aria-label={`Reverter alteração de ${formatDateTime(rev.created_at)}`}>
      Reverter
    </Button>
  );
}

export function RevisionEntry({
  rev,
  showEntity = true,
  onUserClick,
}: {
  rev: Revision;
  /** False inside a record's own "Histórico" tab. */
  showEntity?: boolean;
  onUserClick?: (user: { id: number; username: string }) => void;
}) {
  const [all, setAll] = useState(false);
  const rows = diffRows(rev);
  const visible = all ? rows : rows.slice(0, SHOWN);
  const link = entityLink(rev.entity, rev.entity_id, rev.action);
  const record = rev.entity_id ? `${entityLabel(rev.entity)} #${rev.entity_id}` : entityLabel(rev.entity);
  return (
    <Paper variant="outlined" component="article" sx={{ p: { xs: 1.25, sm: 1.75 } }} aria-label={`${actionLabel(rev.action)} em ${formatDateTime(rev.created_at)}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: rows.length ? 1 : 0 }}>
        <ToneChip color={ACTION_COLOR[rev.action as keyof typeof ACTION_COLOR] ?? 'default'} label={actionLabel(rev.action)} status={rev.action} />
        {showEntity &&
          (link ? (
            <Link component={RouterLink} to={link} sx={{ fontWeight: 600 }}>
              {record}
            </Link>
          ) : (
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {record}
            </Typography>
          ))}
        <Typography component="span" variant="body2" color="text.secondary">
          por{' '}
          {rev.user ? (
            onUserClick ? (
              <Link component="button" type="button" variant="body2" onClick={() => onUserClick(rev.user!)} title="Filtrar por este usuário" sx={{ verticalAlign: 'baseline' }}>
                {rev.user.username}
              </Link>
            ) : (
              rev.user.username
            )
          ) : (
            'sistema'
          )}
          {rev.via_token && ` via token ${rev.via_token}`}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Typography component="time" dateTime={rev.created_at} variant="body2" color="text.secondary">
          {formatDateTime(rev.created_at, true)}
        </Typography>
      </Box>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Sem detalhes de campos.
        </Typography>
      ) : (
        <Box component="dl" sx={{ m: 0 }}>
          {visible.map((r) => (
            <Change key={r.field} row={r} action={rev.action} entity={rev.entity} />
          ))}
        </Box>
      )}
      {(rows.length > SHOWN || (rev.action === 'update' && rows.length > 0)) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5, alignItems: 'center' }}>
          {rows.length > SHOWN && (
            <Button size="small" onClick={() => setAll((v) => !v)}>
              {all ? 'Mostrar menos' : `Mostrar todos os campos (${rows.length})`}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          {rev.action === 'update' && rows.length > 0 && <RevertButton rev={rev} fields={rows.map((r) => r.label)} />}
        </Box>
      )}
    </Paper>
  );
}
