/**
 * Pieces of the public pages opened by a link without login (a shipment's receiving, a viability
 * proposal): the document title, the server's message of a failed call, and the plain message of a
 * link that does not open — unknown or revoked (404), expired (410) or no answer at all — never data —
 * and the name the person answering signs with.
 */
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassDisabledIcon from '@mui/icons-material/HourglassDisabled';
import { Box, Button, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { isAxiosError } from './api';

/** The API's pt-BR `message` of a failed call, or null. */
export const apiMessageOf = (e: unknown): string | null => {
  if (isAxiosError(e)) {
    const m = (e.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof m === 'string') return m;
  }
  return null;
};

export function usePageTitle(title: string, brand = 'Operações') {
  useEffect(() => {
    document.title = `${title} · ${brand}`;
  }, [title, brand]);
}

/**
 * A public route that speaks for the operator (a proposal sent to its client) says so in its
 * `handle`: the public frame then leaves out the internal tool's name, and the page shows the
 * operator's own brand.
 */
export type PublicRouteHandle = { operatorBrand?: boolean };

/** What a page says when its link does not open: titles, the fallback when the server sends no message, and the advice. */
export type LinkProblemTexts = {
  titles: { expired: string; invalid: string; offline: string };
  fallback: { expired: string; invalid: string };
  advice: { expired: string; invalid: string };
};

export function LinkProblem({ error, onRetry, texts, testId }: { error: unknown; onRetry: () => void; texts: LinkProblemTexts; testId?: string }) {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  const expired = status === 410;
  const offline = !status || status >= 500;
  const title = expired ? texts.titles.expired : offline ? texts.titles.offline : texts.titles.invalid;
  usePageTitle(title);
  return (
    <Box sx={{ textAlign: 'center' }} role="alert" data-testid={testId} data-status={status ?? 'offline'}>
      {expired ? <HourglassDisabledIcon color="warning" sx={{ fontSize: 48 }} /> : <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />}
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {offline
          ? 'Verifique sua conexão com a internet e tente de novo.'
          : ((status === 404 || status === 410 ? apiMessageOf(error) : null) ?? (expired ? texts.fallback.expired : texts.fallback.invalid))}
      </Typography>
      {!offline && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {expired ? texts.advice.expired : texts.advice.invalid}
        </Typography>
      )}
      {offline && (
        <Button variant="contained" sx={{ mt: 2 }} onClick={onRetry}>
          Tentar de novo
        </Button>
      )}
    </Box>
  );
}

/** "Seu nome completo": who confirms or answers on a public page; typing clears its error. */
export function SignerNameField({ value, onChange, error, hint, id, autoFocus }: { value: string; onChange: (v: string) => void; error?: string; hint: string; id?: string; autoFocus?: boolean }) {
  return (
    <TextField
      id={id}
      label="Seu nome completo"
      required
      fullWidth
      autoFocus={autoFocus}
      autoComplete="name"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
}
