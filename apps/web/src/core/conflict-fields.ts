/**
 * A 409 that names its field (duplicate CNPJ, unit code already used…) marks that field too;
 * the toast still shows the message. ResourceForm maps only 422 violations, so a form's
 * onSubmit wraps its call: `onSubmit={(v) => withConflictFields(form, () => save(v))}`.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isAxiosError } from './api';
import { violationsOf } from './errors';

export async function withConflictFields<T extends FieldValues, R>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  call: () => Promise<R>,
): Promise<R> {
  try {
    return await call();
  } catch (e) {
    if (isAxiosError(e) && e.response?.status === 409) {
      const values = form.getValues() as Record<string, unknown>;
      let first = true;
      for (const v of violationsOf(e.response.data)) {
        if (v.propertyPath && v.propertyPath.split('.')[0] in values) {
          form.setError(v.propertyPath as Path<T>, { type: 'server', message: v.message }, { shouldFocus: first });
          first = false;
        }
      }
    }
    throw e;
  }
}
