/** The technicians of an activity: one or more EXTERNAL_ACTIVITY holders, searched by name, bound to `technician_ids`. */
import { FormMultiPicker } from '../../core/form';
import { searchTechnicians, type Ref } from './api';

export const FormTechniciansPicker = ({ name, initial }: { name: string; initial: Ref[] }) => (
  <FormMultiPicker
    name={name}
    label="Técnicos"
    required
    queryKey={['external_activity', 'technicians']}
    fetch={searchTechnicians}
    initial={initial}
    helperText="Usuários com a permissão de atividades externas"
    noOptionsText="Nenhum técnico encontrado"
  />
);
