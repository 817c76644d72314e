/**
 * ResourcePage + useResourceForm: the create/edit page of one resource done
 * once. From the descriptor: the title ("Novo estoque" / "Editar estoque"), the record's load
 * (skeleton, "Estoque não encontrado." block, retry), the Dados/Histórico tabs, default values,
 * create (POST) or update (PUT) with the toast ("Estoque criado!" / "Estoque atualizado!"),
 * invalidation, navigation, and read-only mode for a user without the write permission (or for
 * whom a rule of the record locks it: `lockedFor`).
 * An edit sends the version it loaded (`If-Match`): when someone else saved meanwhile (412), the
 * "Registro alterado" dialog offers to reload the current record or to overwrite it.
 * A module gives its schema, blank values and fields.
 */
import { Alert, Box } from '@mui/material';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { RevisionHistory } from '../history';
import { PageTabs } from '../PageTabs';
import { PageTitle } from '../PageTitle';
import { useCan } from '../permissions';
import { RecordPage } from '../RecordPage';
import { ResourceForm, useSchemaForm } from '../ResourceForm';
import { toast } from '../toast';
import { type ReadOf, type ResourceApi, type WebResource, versionOf } from './api';
import { saveUnlessStale } from './staleEdit';
import { isAxiosError } from '../api';
import { type ClashQuestion, sendConfirmingClash } from '../clash';
import { errorToastMessage } from '../errors';
import { resourceWords } from './words';

/** The user kept the form open rather than confirm a clash: nothing to show. */
class ClashDeclined extends Error {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod schema, whatever its input and output
type AnySchema = z.ZodType<any, any>;

export type ResourceFormOptions<D extends WebResource, S extends AnySchema> = {
  schema: S;
  /** The values of a new record; an edited record's own values replace them (a null keeps the blank). */
  blank: DefaultValues<z.input<S>>;
  /** Values of an edited record that are not read as they are written (e.g. a price "12.50" → "12,50"). */
  toForm?: (r: ReadOf<D>) => Partial<z.input<S>>;
  /** Where to go after saving (null: stay); default the record's page (`webPath/edit/:id`) for a new one, else the list. */
  savedTo?: (r: ReadOf<D>) => string | null;
  /** After the save's toast and invalidation (e.g. close a dialog). */
  onSaved?: (r: ReadOf<D>) => void;
  /** Toasts other than "<Label> criado(a)!" / "<Label> atualizado(a)!". */
  toasts?: { created?: string; updated?: string };
  /** Default: the list (`webPath`). */
  cancelTo?: (r: ReadOf<D> | null) => string;
  /** Other queries that show this resource (pickers, a parent's page…). */
  invalidates?: (r: ReadOf<D>) => QueryKey[];
  /**
   * A record this user may read but not change although they hold the write permission (a rule of
   * the row, e.g. a work order that is someone else's): the sentence saying so; the form is read-only.
   */
  lockedFor?: (r: ReadOf<D>) => string | false;
  /**
   * A save that may meet a busy person or a deadline (a work order naming technicians and a window):
   * its 409 is asked as this question (core/clash.ts) and resent with `force` when confirmed.
   */
  asksClash?: ClashQuestion;
};

function defaultsOf<D extends WebResource, S extends AnySchema>(o: ResourceFormOptions<D, S>, record: ReadOf<D> | null) {
  if (!record) return o.blank;
  const r = record as Record<string, unknown>;
  const values = Object.fromEntries(Object.entries(o.blank as object).map(([k, v]) => [k, r[k] ?? v]));
  return { ...values, ...o.toForm?.(record) } as DefaultValues<z.input<S>>;
}

export function useResourceForm<D extends WebResource, S extends AnySchema>(resource: ResourceApi<D>, record: ReadOf<D> | null, o: ResourceFormOptions<D, S>) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { user } = useCan();
  const w = resourceWords(resource.label, resource.gender);
  const form = useSchemaForm(o.schema, defaultsOf(o, record));
  const list = resource.webPath ?? '/';
  // The version the form's values came from: set at load, after a reload and after a save, never
  // by a background refetch (the form keeps its values then, so it must keep their version too).
  const version = useRef(versionOf(record));
  const saveOnce = (values: unknown, silent?: boolean): Promise<ReadOf<D>> => {
    if (!record) return resource.save(null, values, undefined, silent);
    return saveUnlessStale((v) => resource.save(record.id, values, v, silent), version.current, (stale) => {
      qc.setQueryData(resource.keys.one(record.id), stale.current);
      form.reset(defaultsOf(o, stale.current) as never);
      version.current = stale.version;
    });
  };
  const save = async (values: unknown): Promise<ReadOf<D>> => {
    if (!o.asksClash) return saveOnce(values);
    let saved: ReadOf<D> | undefined;
    try {
      // Silent, so that the 409 is a question and not an error toast first.
      const done = await sendConfirmingClash(async (force) => void (saved = await saveOnce(force ? { ...(values as object), force } : values, true)), false, o.asksClash);
      if (!done) throw new ClashDeclined();
    } catch (e) {
      // What the form does not show on its fields (a 403, a 500…) is toasted, as a non-silent call's would be.
      const status = isAxiosError(e) ? e.response?.status : undefined;
      if (status !== undefined && status !== 422 && status !== 409) toast.error(errorToastMessage(status, isAxiosError(e) ? e.response?.data : undefined));
      throw e;
    }
    return saved!;
  };
  return {
    form: form as never,
    readOnly: !resource.canWrite(user) || (!!record && !!o.lockedFor?.(record)),
    ariaLabel: record ? w.edit : w.create,
    submitLabel: record ? 'Salvar alterações' : w.submit,
    cancelTo: o.cancelTo?.(record) ?? list,
    onSubmit: (values: unknown) => save(values),
    onSuccess: (result: unknown) => {
      const saved = result as ReadOf<D>;
      version.current = versionOf(saved);
      toast.success(record ? (o.toasts?.updated ?? w.updated) : (o.toasts?.created ?? w.created));
      void resource.invalidate(qc, saved);
      for (const key of o.invalidates?.(saved) ?? []) void qc.invalidateQueries({ queryKey: key });
      o.onSaved?.(saved);
      const to = o.savedTo ? o.savedTo(saved) : record ? list : `${list}/edit/${saved.id}`;
      if (to) navigate(to);
    },
  };
}

type PageProps<D extends WebResource, S extends AnySchema> = ResourceFormOptions<D, S> & {
  resource: ResourceApi<D>;
  /** Under the title once the record is loaded. */
  subtitle?: (r: ReadOf<D>) => string | undefined;
  /** The fields (inside the form; kit inputs go read-only by themselves). */
  children: (record: ReadOf<D> | null) => ReactNode;
  maxWidth?: number;
  /** The record to edit, when the route's `:id` means something else (`/lmx/create/:lmcId`): null creates. */
  recordId?: number | null;
};

function KitForm<D extends WebResource, S extends AnySchema>({ resource, record, children, ...o }: PageProps<D, S> & { record: ReadOf<D> | null }) {
  const f = useResourceForm(resource, record, o);
  const locked = record && o.lockedFor?.(record);
  return (
    <ResourceForm {...f}>
      {f.readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {locked || resourceWords(resource.label, resource.gender).readOnly}
        </Alert>
      )}
      {children(record)}
    </ResourceForm>
  );
}

/** `/x/create` and `/x/edit/:id` of a resource. */
export function ResourcePage<D extends WebResource, S extends AnySchema>({ subtitle, maxWidth = 1000, recordId: forced, ...props }: PageProps<D, S>) {
  const { resource } = props;
  const { id } = useParams();
  const recordId = forced !== undefined ? forced : id ? Number(id) : null;
  const q = useQuery({ queryKey: resource.keys.one(recordId ?? 0), queryFn: () => resource.get(recordId!), enabled: !!recordId });
  const w = resourceWords(resource.label, resource.gender);
  return (
    <Box sx={{ maxWidth }}>
      <PageTitle title={recordId ? w.edit : w.create} subtitle={q.data ? subtitle?.(q.data) : undefined} />
      {recordId ? (
        <RecordPage query={q} what={resource.label} gender={resource.gender} backTo={resource.webPath ?? '/'}>
          {(r) => (
            <PageTabs
              ariaLabel={w.tabs}
              tabs={[
                { value: 'dados', label: 'Dados', content: <KitForm key={r.id} {...props} record={r} /> },
                { value: 'historico', label: 'Histórico', content: <RevisionHistory entity={resource.entity} entityId={r.id} /> },
              ]}
            />
          )}
        </RecordPage>
      ) : (
        <KitForm key="new" {...props} record={null} />
      )}
    </Box>
  );
}
