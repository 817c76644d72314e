/** The technicians of an activity: EXTERNAL_ACTIVITY holders, searched by name, bound to `technician_ids` (none: it waits for the dispatch). */
import { FormMultiPicker } from '../../core/form';
import { searchTechnicians, type Ref } from './api';

export const FormTechniciansPicker = ({ name, initial, helperText = 'Usuários com a permissão de atividades externas' }: { name: string; initial: Ref[]; helperText?: string }) => (
  <FormMultiPicker
    name={name}
    label="Técnicos"
    queryKey={['external_activity', 'technicians']}
    fetch={searchTechnicians}
    initial={initial}
    helperText={helperText}
    noOptionsText="Nenhum técnico encontrado"
  />
);
