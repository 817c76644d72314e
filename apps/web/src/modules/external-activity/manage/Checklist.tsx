/**
 * The checklist on the technician's phone. Each answer is kept in the browser first (answerQueue),
 * then sent; an answer the server has not confirmed shows "não enviado" and is retried every few
 * seconds and as soon as the connection comes back. Answers are editable while the activity is in
 * execution; otherwise they are shown read-only.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Box, Button, Chip, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ChecklistAnswer, ChecklistItem } from '@operacoes/contract';
import { isAxiosError } from 'axios';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { NumberInput } from '../../../core/form';
import { onRecordSent } from '../../../core/offline/queue';
import { sendAnswer } from '../api';
import { type AnswerValue, confirmPending, keepPending, readPending } from './answerQueue';

type State = 'saved' | 'sending' | 'unsent' | 'refused';
type Entry = { value: AnswerValue; state: State; error?: string };

const RETRY_MS = 4000;
const TYPING_MS = 600;

/** Whether an answer counts for a required item. */
export const answered = (v: AnswerValue | undefined) => v !== null && v !== undefined && v !== '';

export function Checklist({
  activityId,
  items,
  answers,
  editable,
  onValues,
  photoItem,
}: {
  activityId: number;
  items: ChecklistItem[];
  answers: ChecklistAnswer[];
  editable: boolean;
  onValues: (values: Record<string, AnswerValue>) => void;
  /** A photo item's content: its photo(s) and the camera button. */
  photoItem: (item: ChecklistItem) => ReactNode;
}) {
  const [entries, setEntries] = useState<Record<string, Entry>>(() => {
    const out: Record<string, Entry> = {};
    for (const a of answers) out[a.item_key] = { value: a.value, state: 'saved' };
    for (const [key, p] of Object.entries(readPending(activityId))) out[key] = { value: p.value, state: 'unsent' };
    return out;
  });
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const latest = useRef(entries);
  latest.current = entries;

  useEffect(() => onValues(Object.fromEntries(Object.entries(entries).map(([k, e]) => [k, e.value]))), [entries, onValues]);

  const send = useCallback(
    async (key: string, value: AnswerValue) => {
      setEntries((e) => ({ ...e, [key]: { value, state: 'sending' } }));
      try {
        await sendAnswer(activityId, key, value, items.find((i) => i.key === key)?.label);
        confirmPending(activityId, key, value);
        setEntries((e) => (e[key]?.value === value ? { ...e, [key]: { value, state: 'saved' } } : e));
      } catch (err) {
        const status = isAxiosError(err) ? err.response?.status : undefined;
        // A refusal (422, 409) will not pass by retrying: say why. Anything else (no network, 5xx) is retried.
        const refused = status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
        const message = refused && isAxiosError(err) ? ((err.response?.data as { message?: string } | undefined)?.message ?? 'Resposta recusada') : undefined;
        setEntries((e) => (e[key]?.value === value ? { ...e, [key]: { value, state: refused ? 'refused' : 'unsent', error: message } } : e));
      }
    },
    [activityId, items],
  );

  // An answer the phone's queue sent (after a reload, or while this item was not being retried here)
  // is the server's now: it is not kept on the phone to be sent again.
  useEffect(
    () =>
      onRecordSent((r) => {
        if (r.activityId !== activityId || r.kind !== 'answer' || !r.itemKey) return;
        const key = r.itemKey;
        const value = (r.body as { value: AnswerValue } | undefined)?.value ?? null;
        confirmPending(activityId, key, value);
        setEntries((e) => (e[key] && e[key].value === value ? { ...e, [key]: { value, state: 'saved' } } : e));
      }),
    [activityId],
  );

  // Retries: every few seconds and when the connection comes back.
  useEffect(() => {
    if (!editable) return;
    const retry = () => {
      for (const [key, e] of Object.entries(latest.current)) if (e.state === 'unsent') void send(key, e.value);
    };
    retry();
    const timer = setInterval(retry, RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [editable, send]);

  const change = (key: string, value: AnswerValue, wait = 0) => {
    keepPending(activityId, key, value);
    setEntries((e) => ({ ...e, [key]: { value, state: 'unsent' } }));
    clearTimeout(timers.current.get(key));
    timers.current.set(key, setTimeout(() => void send(key, value), wait));
  };

  if (items.length === 0) return <Typography color="text.secondary">Este tipo de atendimento não tem checklist.</Typography>;
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item, i) => {
        const entry = entries[item.key];
        const value = entry?.value ?? null;
        const labelId = `check-${item.key}`;
        return (
          <Paper key={item.key} component="li" variant="outlined" aria-labelledby={labelId} data-testid={`checklist-item-${i + 1}`} sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
              <Typography id={labelId} sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>
                {i + 1}. {item.label}
                {item.required && (
                  <Typography component="span" color="error" aria-label="obrigatório">
                    {' '}
                    *
                  </Typography>
                )}
              </Typography>
              {item.kind !== 'foto' && <AnswerState entry={entry} />}
            </Box>
            {item.kind === 'sim_nao' && (
              <YesNo value={typeof value === 'boolean' ? value : null} editable={editable} labelId={labelId} onChange={(v) => change(item.key, v)} />
            )}
            {item.kind === 'numero' && (
              <NumberInput label="Resposta" value={typeof value === 'number' ? value : null} onChange={(v) => change(item.key, v ?? null, TYPING_MS)} disabled={!editable} allowNegative fullWidth slotProps={{ htmlInput: { 'aria-labelledby': labelId } }} />
            )}
            {item.kind === 'texto' && (
              <TextField label="Resposta" value={typeof value === 'string' ? value : ''} onChange={(e) => change(item.key, e.target.value, TYPING_MS)} disabled={!editable} multiline minRows={2} fullWidth slotProps={{ htmlInput: { 'aria-labelledby': labelId, maxLength: 4000 } }} />
            )}
            {item.kind === 'foto' && photoItem(item)}
            {entry?.error && (
              <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                {entry.error}
              </Typography>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * Sim / Não: a tap on the chosen one keeps it (a glove or a shaky hand must not erase an answer
 * already saved); "Limpar" is the only way back to no answer. The chosen one is filled with the
 * theme's primary colour and its contrast text, readable in sunlight in both themes.
 */
function YesNo({ value, editable, labelId, onChange }: { value: boolean | null; editable: boolean; labelId: string; onChange: (v: boolean | null) => void }) {
  const chosen = { '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 } };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <ToggleButtonGroup exclusive value={value === null ? null : value ? 'sim' : 'nao'} disabled={!editable} aria-labelledby={labelId} onChange={(_e, v: string | null) => v !== null && onChange(v === 'sim')}>
        <ToggleButton value="sim" sx={{ px: 3, ...chosen }}>
          Sim
        </ToggleButton>
        <ToggleButton value="nao" sx={{ px: 3, ...chosen }}>
          Não
        </ToggleButton>
      </ToggleButtonGroup>
      {editable && value !== null && (
        <Button size="small" color="inherit" onClick={() => onChange(null)}>
          Limpar
        </Button>
      )}
    </Box>
  );
}

function AnswerState({ entry }: { entry?: Entry }) {
  if (!entry) return null;
  if (entry.state === 'saved') return <Chip size="small" color="success" variant="outlined" icon={<CheckCircleIcon />} label="Salvo" />;
  if (entry.state === 'sending') return <Chip size="small" variant="outlined" label="Enviando…" />;
  if (entry.state === 'refused') return <Chip size="small" color="error" label="Recusado" />;
  return <Chip size="small" color="warning" icon={<CloudOffIcon />} label="Não enviado" data-testid="answer-unsent" />;
}
