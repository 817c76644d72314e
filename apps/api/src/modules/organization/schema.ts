/** The organizations table and its columns live in core (`core/schema/organization`): the core reads them; this module owns their routes. */
export { organizations } from '../../core/schema/organization';
