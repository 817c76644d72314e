/**
 * The "Histórico" tab of a record: `<RevisionHistory entity="stock" entityId={id} />`. Core
 * imports no module, so the revision module's implementation is handed in by the app layer
 * (AppLayout) through `HistoryProvider`; pages of every module use this one.
 */
import { Skeleton } from '@mui/material';
import { createContext, Suspense, useContext, type ComponentType } from 'react';

export type RevisionHistoryProps = { entity: string; entityId: number };

const HistoryContext = createContext<ComponentType<RevisionHistoryProps> | null>(null);
export const HistoryProvider = HistoryContext.Provider;

export function RevisionHistory(props: RevisionHistoryProps) {
  const Impl = useContext(HistoryContext);
  if (!Impl) return null;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={120} aria-label="Carregando" />}>
      <Impl {...props} />
    </Suspense>
  );
}
