/**
 * Pickers of the records that items can go to: an open work order or an open project (concluded
 * and cancelled ones are not offered). Read through the API, so the warehouse does not depend on
 * those modules' code.
 */
import { FormRecordPicker } from '../../core/form';
import { getActivityOption, getProjectOption, searchOpenActivities, searchOpenProjects, type ActivityOption, type ProjectOption } from './api';

type PickerProps = { name: string; label: string; hint: string; required?: boolean };

export const OpenActivityPicker = (p: PickerProps) => (
  <FormRecordPicker<ActivityOption> {...p} queryKey={['external_activity', 'destination']} search={searchOpenActivities} get={getActivityOption} getLabel={(a) => `${a.code} — ${a.client_name}`} />
);

export const OpenProjectPicker = (p: PickerProps) => (
  <FormRecordPicker<ProjectOption> {...p} queryKey={['project', 'destination']} search={searchOpenProjects} get={getProjectOption} getLabel={(r) => `${r.code} — ${r.name}`} />
);
