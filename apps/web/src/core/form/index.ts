/** The inputs every module's forms and lists use (issue 10, item 4). */
export { AsyncPicker } from './AsyncPicker';
export { useBoundField } from './boundField';
export { activeFilter, enumFilter, selectFilter } from './filters';
export { FormDate } from './FormDate';
export { FormGrid, Wide } from './FormGrid';
export { enumOptions, FormSelect, type Option } from './FormSelect';
export { FormSwitch } from './FormSwitch';
export { FormMasked, MaskedInput } from './MaskedInput';
export { FormNumber, NumberInput } from './NumberInput';
export { FormRichText } from './FormRichText';
export { ReasonDialog } from './ReasonDialog';
