/**
 * The create/edit dialog of one of the module's records (a viability, a plan): the kit's FormDialog
 * saving through the resource's API, then a toast, the caches refreshed and the dialog closed.
 * Each pair of words is [new, edit].
 */
import type { Breakpoint } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormDialog } from '../../core/FormDialog';
import type { ReadOf, ResourceApi, WebResource } from '../../core/resource';
import { toast } from '../../core/toast';

type Pair = readonly [string, string];

export function RecordDialog<D extends WebResource, T extends FieldValues>({
  resource,
  record,
  form,
  words,
  maxWidth = 'sm',
  onClose,
  onSaved,
  children,
}: {
  resource: ResourceApi<D>;
  record: { id: number } | null;
  form: UseFormReturn<T>;
  /** The dialog's title, its submit button and the toast after saving. */
  words: { title: Pair; submit: Pair; saved: Pair };
  maxWidth?: Breakpoint;
  onClose: () => void;
  onSaved?: (saved: ReadOf<D>) => void;
  children: ReactNode;
}) {
  const qc = useQueryClient();
  const i = record ? 1 : 0;
  return (
    <FormDialog
      title={words.title[i]}
      onClose={onClose}
      maxWidth={maxWidth}
      form={form as never}
      ariaLabel={words.title[i]}
      submitLabel={words.submit[i]}
      onSubmit={(values) => resource.save(record?.id ?? null, values)}
      onSuccess={(result) => {
        const saved = result as ReadOf<D>;
        toast.success(words.saved[i]);
        void resource.invalidate(qc, saved);
        onSaved?.(saved);
        onClose();
      }}
    >
      {children}
    </FormDialog>
  );
}
