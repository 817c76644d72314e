/** The spreadsheet writers moved to core (issue 16 streams them too); kept here for the warehouse's imports. */
export { type Cell, csv, xlsx } from '../../../core/spreadsheet';
