/** A report's filters: dates dd/mm/aaaa, month, pickers for ids, selects for closed lists, text. */
import { Box, MenuItem, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { ReportFilter, ReportFilterName } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { api } from '../../core/api';
import { AsyncPicker } from '../../core/form';
import { peopleByIds, searchPeople } from './api';

type Named = { id: number; name: string };
type Source = { search: (term: string) => Promise<Named[]>; byId: (id: number) => Promise<Named | null> };

const listOf = (path: string): Source => ({
  // Silent: a user may read a report without the permission to list its places (the picker then stays empty).
  search: async (term) =>
    ((await api.get<{ items: { id: number; name: string }[] }>(path, { params: { search: term || undefined, pageSize: 20 }, silent: true }).catch(() => null))?.data.items ?? []).map((r) => ({ id: r.id, name: r.name })),
  byId: async (id) => {
    const r = (await api.get<{ id: number; name: string }>(`${path}/${id}`, { silent: true }).catch(() => null))?.data;
    return r ? { id: r.id, name: r.name } : null;
  },
});
const people: Source = { search: searchPeople, byId: async (id) => (await peopleByIds([id]))[0] ?? null };

/** Where each id filter picks from: the kit's lists for places, the report people route for persons. */
const SOURCES: Partial<Record<ReportFilterName, Source>> = {
  stock: listOf('/stock'),
  unit: listOf('/unit-organizational'),
  user: people,
  technician: people,
  seller: people,
};

/** An id filter: the URL keeps the id; the picker shows its name. */
function IdPicker({ name, label, value, onChange, source }: { name: string; label: string; value: string; onChange: (v: string) => void; source: Source }) {
  const id = value ? Number(value) : null;
  const named = useQuery({ queryKey: ['report', 'filter-name', name, id], queryFn: () => source.byId(id!), enabled: id !== null, staleTime: 60_000 });
  const current = id === null ? null : (named.data ?? { id, name: named.isLoading ? 'Carregando…' : `#${id}` });
  return (
    <AsyncPicker<Named>
      name={name}
      label={label}
      queryKey={['report', 'filter', name]}
      fetch={source.search}
      value={current}
      onChange={(v) => onChange(v ? String(v.id) : '')}
      getLabel={(v) => v.name}
      placeholder="Todos"
    />
  );
}

/** Free text (carrier): applied after a pause in typing, not on every key. */
function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 500);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return <TextField label={label} value={text} onChange={(e) => setText(e.target.value)} placeholder="Todas" />;
}

function DateFilter({ label, value, onChange, month }: { label: string; value: string; onChange: (v: string) => void; month?: boolean }) {
  const parsed = value ? dayjs(month ? `${value}-01` : value) : null;
  return (
    <DatePicker
      label={label}
      value={parsed?.isValid() ? parsed : null}
      views={month ? ['month', 'year'] : undefined}
      openTo={month ? 'month' : undefined}
      format={month ? 'MM/YYYY' : 'DD/MM/YYYY'}
      onChange={(d: Dayjs | null) => {
        if (!d) onChange('');
        else if (d.isValid() && d.year() > 1900) onChange(d.format(month ? 'YYYY-MM' : 'YYYY-MM-DD'));
      }}
      slotProps={{ field: { clearable: true }, textField: { fullWidth: true, name: label } }}
    />
  );
}

export function ReportFilters({ filters, values, onChange }: { filters: ReportFilter[]; values: Record<string, string>; onChange: (name: string, value: string) => void }) {
  if (!filters.length) return null;
  return (
    <Box component="section" aria-label="Filtros" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
      {filters.map((f) => {
        const value = values[f.name] ?? '';
        const set = (v: string) => onChange(f.name, v);
        if (f.name === 'from' || f.name === 'to') return <DateFilter key={f.name} label={f.label} value={value} onChange={set} />;
        if (f.name === 'month') return <DateFilter key={f.name} label={f.label} value={value} onChange={set} month />;
        if (f.options) {
          return (
            <TextField key={f.name} select label={f.label} value={value} onChange={(e) => set(e.target.value)}>
              <MenuItem value="">Todos</MenuItem>
              {f.options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        const source = SOURCES[f.name];
        if (source) return <IdPicker key={f.name} name={f.name} label={f.label} value={value} onChange={set} source={source} />;
        return <TextFilter key={f.name} label={f.label} value={value} onChange={set} />;
      })}
    </Box>
  );
}
