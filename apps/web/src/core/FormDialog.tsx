/**
 * A form in a dialog: title, optional notes above the form, and a `ResourceForm` whose "Cancelar"
 * closes the dialog. Full screen on a phone. No leave-page guard: closing the dialog is the way out.
 */
import { Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme, type Breakpoint } from '@mui/material';
import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ResourceForm } from './ResourceForm';

export function FormDialog<T extends FieldValues, O>({
  open = true,
  title,
  onClose,
  maxWidth = 'sm',
  intro,
  form,
  ariaLabel,
  submitLabel,
  onSubmit,
  onSuccess,
  children,
}: {
  open?: boolean;
  title: string;
  onClose: () => void;
  maxWidth?: Breakpoint;
  /** Shown above the form (what the form does, a problem the API reported). */
  intro?: ReactNode;
  form: UseFormReturn<T, unknown, O>;
  ariaLabel: string;
  submitLabel: string;
  onSubmit: (values: O) => Promise<unknown>;
  onSuccess: (result: unknown) => void;
  children: ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ '&&': { pt: 1 } }}>
        {intro}
        <ResourceForm form={form} guard={false} ariaLabel={ariaLabel} submitLabel={submitLabel} onCancel={onClose} onSubmit={onSubmit} onSuccess={onSuccess}>
          {children}
        </ResourceForm>
      </DialogContent>
    </Dialog>
  );
}
