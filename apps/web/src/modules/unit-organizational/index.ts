/** Public parts of the unit module (the organization page lists units with their members). */
export { UnitsPanel } from './UnitsPanel';
export { UnitMembers } from './UnitMembers';
export { fetchUnitOptions, type UnitRead } from './api';
export { FormUnitSelect, useUnitOptions } from './FormUnitSelect';
