/** The audit log table live in core (`core/schema/revision`): the core reads them; this module owns their routes. */
export { revisions } from '../../core/schema/revision';
