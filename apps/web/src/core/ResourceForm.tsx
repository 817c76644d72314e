/**
 * ResourceForm (DESIGN §2): react-hook-form + the contract's zod schema, pt-BR field errors,
 * 422 server violations mapped onto their fields, and an unsaved-changes guard.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useBlocker, useNavigate } from 'react-router';
import type { z } from 'zod';
import { isAxiosError } from './api';
import { violationsOf, violationText } from './errors';
import { fieldsUnder, normalizePath, useFieldLabel } from './form/fieldLabels';
import { FormNumber } from './form/NumberInput';
import { FormReadOnlyProvider, useFormReadOnly } from './readOnly';
import { confirmAction } from './toast';

/** A form bound to a zod schema (input type as form values); messages are the contract's (kit/zod-pt-br). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod schema, whatever its input and output
export function useSchemaForm<S extends z.ZodType<any, any>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- zodResolver's overloads cannot take a generic schema
    resolver: zodResolver(schema as any) as any,
    defaultValues,
    // Every violation at once: validating on blur made the first error's helper text
    // push the submit button down between mousedown and mouseup, so a click on "Salvar" only
    // blurred the field and showed one more error per attempt. Validate on submit, then live.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * The form field that shows a violation on `propertyPath`: the field itself; the first field of
 * a group ("members.1" → "members.1.lmc_id"); the list that holds it ("depends_on.0" →
 * the "depends_on" picker); else the path when the form has a value there.
 */
export function fieldOf(propertyPath: string, values: Record<string, unknown>): string | undefined {
  const path = normalizePath(propertyPath);
  if (!path) return undefined;
  const under = fieldsUnder(path)[0];
  if (under) return under;
  const parts = path.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    const parent = parts.slice(0, i).join('.');
    if (fieldsUnder(parent)[0] === parent) return parent;
  }
  return parts[0] in values ? path : undefined;
}

/**
 * Puts 422 (and 409) violations on their fields; returns the messages that match no field
 * (shown above the form, named by their labels).
 */
export function applyViolations<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
): string[] {
  // 422 violations, and 409s that name their field (duplicate CNPJ, username, code…).
  if (!isAxiosError(error) || (error.response?.status !== 422 && error.response?.status !== 409)) return [];
  const values = form.getValues() as Record<string, unknown>;
  const rest: string[] = [];
  let focused = false;
  const violations = violationsOf(error.response.data);
  // A silent call's refusal that names no field is said above the form (the others were toasted):
  // never a form that just stays open.
  if (violations.length === 0) {
    if (!(error.config as { silent?: boolean } | undefined)?.silent) return [];
    const message = (error.response.data as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? [message] : [];
  }
  for (const v of violations) {
    const field = fieldOf(v.propertyPath, values);
    if (field) {
      form.setError(field as Path<T>, { type: 'server', message: v.message }, { shouldFocus: !focused });
      focused = true;
    } else rest.push(violationText(v));
  }
  return rest;
}

/** Blocks in-app navigation (and tab close) while the form has unsaved changes. */
export function UnsavedChangesGuard({ when }: { when: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when() && nextLocation.pathname !== '/login' && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({
      title: 'Descartar alterações?',
      text: 'Há alterações não salvas neste formulário.',
      confirmText: 'Descartar',
    }).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (when()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return null;
}

type ResourceFormProps<T extends FieldValues, O> = {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: (values: O) => Promise<unknown>;
  onSuccess?: (result: unknown) => void;
  children: ReactNode;
  submitLabel?: string;
  cancelTo?: string;
  /** What "Cancelar" does where it is not a navigation (close a dialog, ask first); shown where given. */
  onCancel?: () => void;
  /** Extra buttons next to save/cancel. */
  actions?: ReactNode;
  guard?: boolean;
  ariaLabel?: string;
  /** For users who may only read: fields disabled, no save button. */
  readOnly?: boolean;
};

export function ResourceForm<T extends FieldValues, O>({
  form,
  onSubmit,
  onSuccess,
  children,
  submitLabel = 'Salvar',
  cancelTo,
  onCancel,
  actions,
  guard = true,
  ariaLabel,
  readOnly = false,
}: ResourceFormProps<T, O>) {
  const navigate = useNavigate();
  const saved = useRef(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const dirtyRef = useRef(false);
  dirtyRef.current = form.formState.isDirty;

  const submit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const result = await onSubmit(values);
      saved.current = true;
      form.reset(form.getValues());
      onSuccess?.(result);
      setTimeout(() => (saved.current = false), 0);
    } catch (e) {
      setFormErrors(applyViolations(e, form));
    }
  });

  return (
    <FormProvider {...form}>
      <FormReadOnlyProvider value={readOnly}>
      {guard && !readOnly && <UnsavedChangesGuard when={() => dirtyRef.current && !saved.current} />}
      <Box component="form" noValidate onSubmit={submit} aria-label={ariaLabel}>
        {formErrors.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formErrors.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
        <Box component="fieldset" disabled={readOnly} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          {children}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
          {actions}
          {(onCancel || cancelTo) && (
            <Button onClick={onCancel ?? (() => navigate(cancelTo as string))} color="inherit">
              Cancelar
            </Button>
          )}
          {!readOnly && (
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
              {submitLabel}
            </Button>
          )}
        </Stack>
      </Box>
      </FormReadOnlyProvider>
    </FormProvider>
  );
}

/** A text field bound to the surrounding form by name (errors shown under it). */
export function FormText({ name, helperText, ...rest }: { name: string } & Omit<TextFieldProps, 'name'>) {
  const { control } = useFormContext();
  useFieldLabel(name, rest.label);
  const readOnly = useFormReadOnly();
  // Numbers go through the kit's decimal-comma input (the browser's number input drops a comma).
  if (rest.type === 'number') {
    const { type: _type, value: _value, onChange: _onChange, ...numberProps } = rest;
    return <FormNumber name={name} helperText={helperText} {...numberProps} blankAsUndefined />;
  }
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          disabled={rest.disabled || readOnly}
          name={field.name}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
