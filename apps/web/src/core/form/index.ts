/**
 * The inputs every module's forms and lists use. The date picker and the
 * masked input pull large libraries: import them from `./FormDate` and `./MaskedInput` so a
 * page that needs neither does not load them.
 */
export { AsyncPicker } from './AsyncPicker';
export { useBoundField } from './boundField';
export { activeFilter, enumFilter, selectFilter } from './filters';
export { FormAddress, FormGrid, FormNotes, NotesSection, Wide } from './FormGrid';
export { enumOptions, FormSelect, type Option } from './FormSelect';
export { FormRecordPicker, listPicker } from './FormRecordPicker';
export { FormMultiPicker, type Named } from './FormMultiPicker';
export { FormSwitch } from './FormSwitch';
export { FormNumber, NumberInput } from './NumberInput';
export { FormCoordinates } from './FormCoordinates';
export { FormRichText } from './FormRichText';
export { ReasonDialog } from './ReasonDialog';
