/**
 * The "Histórico" tab of a record's edit page: its own revision rows. Any module may use it:
 * `<RevisionHistory entity="organization" entityId={id} />` (entity names as in ENTITY_LABELS).
 */
import { Alert } from '@mui/material';
import { useCan } from '../../core/permissions';
import { RevisionList } from './RevisionList';

export function RevisionHistory({ entity, entityId }: { entity: string; entityId: number }) {
  const { can } = useCan();
  if (!can(['LOG', 'LOG.READ', 'LOG.INDEX']))
    return <Alert severity="info">Você não tem permissão para consultar o log de revisões.</Alert>;
  return <RevisionList filters={{ entity, entityId }} showEntity={false} emptyText="Nenhuma alteração registrada para este registro." />;
}
