/** A searchable user picker over GET /api/user?search= (username, name or e-mail). */
import { Autocomplete, Avatar, Box, TextField, Typography } from '@mui/material';
import type { ListResult, UserRead } from '@operacoes/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from './api';
import { useDebounced } from './ResourceList';

export type UserOption = Pick<UserRead, 'id' | 'username' | 'picture'> & { person?: { full_name: string } };

export function UserAutocomplete({
  value,
  onChange,
  label = 'Usuário',
  organizationId,
  excludeIds = [],
  onlyActive = false,
  size,
  helperText,
  error,
}: {
  value: UserOption | null;
  onChange: (u: UserOption | null) => void;
  label?: string;
  /** Super admins: users of this organization only. */
  organizationId?: number;
  excludeIds?: number[];
  onlyActive?: boolean;
  size?: 'small' | 'medium';
  helperText?: string;
  /** Shows `helperText` as the field's error. */
  error?: boolean;
}) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const term = useDebounced(input.trim(), 300);
  const typing = value ? term !== value.username : true;
  const q = useQuery({
    queryKey: ['user', 'search', typing ? term : '', organizationId ?? 0, onlyActive],
    queryFn: async () =>
      (
        await api.get<ListResult<UserRead>>('/user', {
          params: { search: typing && term ? term : undefined, pageSize: 20, organizationId, isActive: onlyActive ? 'true' : undefined },
        })
      ).data.items,
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (q.data ?? []).filter((u) => !excludeIds.includes(u.id));
  return (
    <Autocomplete<UserOption, false, false, false>
      value={value}
      onChange={(_e, u) => onChange(u)}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(u) => u.username}
      loading={q.isFetching}
      loadingText="Carregando…"
      noOptionsText={term ? 'Nenhum usuário encontrado' : 'Digite para pesquisar'}
      openText="Abrir"
      closeText="Fechar"
      clearText="Limpar"
      size={size}
      renderOption={(props, u) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Avatar src={u.picture ?? undefined} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
              {u.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {u.person?.full_name || u.username}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {u.username}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} error={error} />}
    />
  );
}
