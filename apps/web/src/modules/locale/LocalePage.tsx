/** /locale (CITY, STATE, COUNTRY): countries, states and cities, with the IBGE CSV import of cities. */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../core/api';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { listKey, ResourceList } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { fetchAllCountries, fetchAllStates, localeKeys, type City, type Country, type State } from './api';
import { CityImportDialog } from './CityImportDialog';
import { CityDialog, CountryDialog, StateDialog, type Editing } from './LocaleDialogs';

const closed = { open: false, row: null };

function useDelete(path: string, what: string, invalidate: readonly unknown[][]) {
  const qc = useQueryClient();
  return async (id: number, name: string) => {
    const ok = await confirmAction({ title: `Excluir ${what} ${name}?`, text: 'Esta ação não pode ser desfeita.', confirmText: 'Excluir' });
    if (!ok) return;
    try {
      await api.delete(`${path}/${id}`);
      toast.success('Registro excluído!');
      for (const key of invalidate) void qc.invalidateQueries({ queryKey: key });
    } catch {
      /* a 409 (still in use) is toasted by the API client */
    }
  };
}

function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {label}
    </Button>
  );
}

function CountriesTab() {
  // Shared by every organization: only super admins change them (the API answers 403 to others).
  const { isSuperAdmin: canWrite } = useCan();
  const [editing, setEditing] = useState<Editing<Country>>(closed);
  const remove = useDelete('/country', 'o país', [[...listKey('/country')], [...localeKeys.countries]]);
  const columns: GridColDef<Country>[] = [
    { field: 'name', headerName: 'Nome', flex: 1, minWidth: 160 },
    { field: 'iso_code', headerName: 'Código ISO', width: 120 },
  ];
  return (
    <>
      <ResourceList<Country>
        resource="/country"
        ariaLabel="Lista de países"
        columns={columns}
        searchPlaceholder="Pesquisar país"
        toolbar={canWrite && <NewButton label="Novo país" onClick={() => setEditing({ open: true, row: null })} />}
        onRowOpen={canWrite ? (row) => setEditing({ open: true, row }) : undefined}
        rowActions={[
          { label: 'Editar', icon: <EditIcon />, onClick: (row) => setEditing({ open: true, row }), show: canWrite },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (row) => void remove(row.id, row.name), show: canWrite },
        ]}
      />
      <CountryDialog editing={editing} onClose={() => setEditing(closed)} />
    </>
  );
}

function StatesTab() {
  // Shared by every organization: only super admins change them (the API answers 403 to others).
  const { isSuperAdmin: canWrite } = useCan();
  const [editing, setEditing] = useState<Editing<State>>(closed);
  const countries = useQuery({ queryKey: localeKeys.countries, queryFn: fetchAllCountries, staleTime: 60_000 });
  const countryName = new Map((countries.data ?? []).map((c) => [c.id, c.name]));
  const remove = useDelete('/state', 'o estado', [[...listKey('/state')], [...localeKeys.states]]);
  const columns: GridColDef<State>[] = [
    { field: 'name', headerName: 'Nome', flex: 1, minWidth: 150 },
    { field: 'uf', headerName: 'UF', width: 80 },
    { field: 'ibge_code', headerName: 'Código IBGE', width: 120, sortable: false, valueFormatter: (v: number | null) => v ?? '—' },
    { field: 'country_id', headerName: 'País', flex: 1, minWidth: 120, sortable: false, valueGetter: (v: number) => countryName.get(v) ?? '' },
  ];
  return (
    <>
      <ResourceList<State>
        resource="/state"
        ariaLabel="Lista de estados"
        columns={columns}
        searchPlaceholder="Pesquisar estado ou UF"
        filters={
          (countries.data?.length ?? 0) > 1
            ? [{ name: 'country_id', label: 'País', options: [{ value: '', label: 'Todos' }, ...(countries.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))] }]
            : []
        }
        mobileHidden={['ibge_code', 'country_id']}
        toolbar={canWrite && <NewButton label="Novo estado" onClick={() => setEditing({ open: true, row: null })} />}
        onRowOpen={canWrite ? (row) => setEditing({ open: true, row }) : undefined}
        rowActions={[
          { label: 'Editar', icon: <EditIcon />, onClick: (row) => setEditing({ open: true, row }), show: canWrite },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (row) => void remove(row.id, row.name), show: canWrite },
        ]}
      />
      <StateDialog editing={editing} onClose={() => setEditing(closed)} />
    </>
  );
}

function CitiesTab() {
  // Shared by every organization: only super admins change them (the API answers 403 to others).
  const { isSuperAdmin: canWrite } = useCan();
  const [editing, setEditing] = useState<Editing<City>>(closed);
  const [importing, setImporting] = useState(false);
  const states = useQuery({ queryKey: localeKeys.states, queryFn: fetchAllStates, staleTime: 60_000 });
  const remove = useDelete('/city', 'a cidade', [[...listKey('/city')], ['city']]);
  const columns: GridColDef<City>[] = [
    { field: 'name', headerName: 'Nome', flex: 1, minWidth: 160 },
    { field: 'uf', headerName: 'UF', width: 70, sortable: false },
    { field: 'ibge_code', headerName: 'Código IBGE', width: 130, valueFormatter: (v: number | null) => v ?? '—' },
  ];
  const ufs = [...new Set((states.data ?? []).map((s) => s.uf))].sort();
  return (
    <>
      <ResourceList<City>
        resource="/city"
        ariaLabel="Lista de cidades"
        columns={columns}
        searchPlaceholder="Pesquisar cidade"
        filters={[{ name: 'uf', label: 'UF', options: [{ value: '', label: 'Todas' }, ...ufs.map((uf) => ({ value: uf, label: uf }))] }]}
        mobileHidden={['ibge_code']}
        toolbar={
          canWrite && (
            <>
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                Importar CSV
              </Button>
              <NewButton label="Nova cidade" onClick={() => setEditing({ open: true, row: null })} />
            </>
          )
        }
        onRowOpen={canWrite ? (row) => setEditing({ open: true, row }) : undefined}
        rowActions={[
          { label: 'Editar', icon: <EditIcon />, onClick: (row) => setEditing({ open: true, row }), show: canWrite },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (row) => void remove(row.id, row.name), show: canWrite },
        ]}
      />
      <CityDialog editing={editing} onClose={() => setEditing(closed)} />
      {canWrite && <CityImportDialog open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}

export default function LocalePage() {
  return (
    <>
      <PageTitle title="Localidades" subtitle="Países, estados e cidades usados nos endereços" />
      <PageTabs
        ariaLabel="Tipos de localidade"
        tabs={[
          { value: 'paises', label: 'Países', content: <CountriesTab /> },
          { value: 'estados', label: 'Estados', content: <StatesTab /> },
          { value: 'cidades', label: 'Cidades', content: <CitiesTab /> },
        ]}
      />
    </>
  );
}
